import type { Page } from 'playwright-core';

/** What the probe collected in the page, read back after a run. */
export interface ProbeReading {
  /** The first animation frame in which the chart's legend showed every series' numbers, epoch ms. */
  drawnAt: number;
  /** Intervals between frames while recording (a drag). */
  frames: number[];
}

interface ProbeState extends ProbeReading {
  recording: boolean;
}

declare global {
  interface Window {
    __probe?: ProbeState;
  }
}

/**
 * Installed before the page's own scripts: watches, frame by frame, for the legend to show the expected number
 * of series with numbers; records frame intervals on demand. Answers are timed by the browser's network log.
 */
export async function installProbe(page: Page, expectedSeries: number): Promise<void> {
  // Plain text, not a function: tsx names functions with a helper (__name) that does not exist in the page.
  await page.addInitScript({
    content: `(() => {
      const expected = ${String(expectedSeries)};
      const probe = { drawnAt: 0, frames: [], recording: false };
      window.__probe = probe;
      let last = 0;
      const tick = (now) => {
        if (probe.recording && last > 0) probe.frames.push(now - last);
        last = now;
        if (probe.drawnAt === 0) {
          const numbered = Array.from(document.querySelectorAll('tbody tr')).filter((row) =>
            /\\d/.test(row.lastElementChild ? row.lastElementChild.textContent || '' : ''));
          if (numbered.length >= expected) probe.drawnAt = performance.timeOrigin + now;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })();`,
  });
}

export async function readProbe(page: Page): Promise<ProbeReading> {
  // Functions given to evaluate run in the page: they use nothing of this module.
  return page.evaluate(() => {
    const probe = window.__probe;
    if (!probe) throw new Error('The probe is not installed');
    return { ...probe, frames: [...probe.frames] };
  });
}

export async function setRecording(page: Page, on: boolean): Promise<void> {
  await page.evaluate((value) => {
    if (window.__probe) window.__probe.recording = value;
  }, on);
}

/** Drags across the first chart's plot at a hand's pace (a move a frame), recording the frame intervals. */
export async function dragAcrossPlot(page: Page): Promise<number[]> {
  const plot = page.locator('[aria-label^="Metrics: "] .u-over').first();
  const box = await plot.boundingBox();
  if (!box) throw new Error('The chart has no plot area');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await setRecording(page, true);
  for (let step = 0; step <= 60; step++) {
    await page.mouse.move(box.x + box.width * (0.2 + (0.6 * step) / 60), y);
    await page.waitForTimeout(16);
  }
  await setRecording(page, false);
  const { frames } = await readProbe(page);
  await page.mouse.up();
  return frames;
}
