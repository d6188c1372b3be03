import type { BrowserContext, Page } from 'playwright-core';

interface LiveProbeState {
  /** [cell text, epoch ms of the first frame after the DOM showed it]. */
  draws: [string, number][];
  /** Intervals between frames while recording. */
  frames: number[];
  recording: boolean;
  scrolling: boolean;
  watch(alias: string): void;
}

declare global {
  interface Window {
    __live?: LiveProbeState;
  }
}

/**
 * Installed before the app's scripts. `watch(alias)` observes the DOM (the value cell is re-created on each
 * change, so the whole document is observed, not the cell) and stamps the next animation frame after the cell's
 * text changes; the frame loop records frame intervals and scrolls the live list back and forth on demand.
 * Plain text, not a function: tsx names functions with a helper that does not exist in the page.
 */
export async function installLiveProbe(page: Page): Promise<void> {
  await page.addInitScript({
    content: `(() => {
      const probe = { draws: [], frames: [], recording: false, scrolling: false, watch: null };
      window.__live = probe;
      probe.watch = (alias) => {
        let shown = null;
        const selector = '[data-testid="value-' + alias + '"]';
        new MutationObserver(() => {
          const cell = document.querySelector(selector);
          const text = cell ? cell.textContent : null;
          if (text === null || text === shown) return;
          shown = text;
          requestAnimationFrame(() => probe.draws.push([text, performance.timeOrigin + performance.now()]));
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      };
      let last = 0;
      let direction = 1;
      const tick = (now) => {
        if (probe.recording && last > 0) probe.frames.push(now - last);
        last = now;
        if (probe.scrolling) {
          const list = document.querySelector('[aria-label="Live metric values"]');
          if (list) {
            if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) direction = -1;
            else if (list.scrollTop <= 0) direction = 1;
            list.scrollTop += direction * 40;
          }
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })();`,
  });
}

export async function watchCell(page: Page, alias: string): Promise<void> {
  await page.evaluate((watched) => window.__live?.watch(watched), alias);
}

export async function readDraws(page: Page): Promise<[string, number][]> {
  return page.evaluate(() => [...(window.__live?.draws ?? [])]);
}

/** Frame intervals and the renderer's busy share over `ms`, scrolling the list or not. */
export async function recordFrames(
  context: BrowserContext,
  page: Page,
  ms: number,
  scrolling: boolean,
): Promise<{ frames: number[]; taskShare: number; scriptShare: number }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
    return { task: of('TaskDuration'), script: of('ScriptDuration'), at: performance.now() };
  };
  await page.evaluate((scroll) => {
    const probe = window.__live;
    if (!probe) throw new Error('The probe is not installed');
    probe.frames = [];
    probe.scrolling = scroll;
    probe.recording = true;
  }, scrolling);
  const before = await read();
  await page.waitForTimeout(ms);
  const after = await read();
  const frames = await page.evaluate(() => {
    const probe = window.__live;
    if (!probe) return [];
    probe.recording = false;
    probe.scrolling = false;
    return [...probe.frames];
  });
  await cdp.detach();
  const wall = (after.at - before.at) / 1000;
  return {
    frames,
    taskShare: (after.task - before.task) / wall,
    scriptShare: (after.script - before.script) / wall,
  };
}
