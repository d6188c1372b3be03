import type { CDPSession, Page } from 'playwright-core';

/**
 * Installed before the page's scripts (plain text: tsx names functions with a helper the page lacks). Each frame
 * it checks a condition set by the bench and notes the frame in which it first holds, and while recording it
 * keeps the intervals between frames.
 *   __bench.firstTilesAt: the first frame with `expected` tiles, none of them unknown (ms since navigation).
 *   __bench.until / doneAt: a condition the bench sets before an update, and the frame it first held in.
 */
export async function installProbe(page: Page, expected: number): Promise<void> {
  await page.addInitScript({
    content: `(() => {
      const bench = { firstTilesAt: 0, until: null, doneAt: 0, frames: [], recording: false, targets: [], firstMessageAt: 0, lastMessageAt: 0 };
      window.__bench = bench;
      // The first live message of an update: its latency splits into the server's part and the page's.
      const NativeSocket = window.WebSocket;
      window.WebSocket = class extends NativeSocket {
        constructor(...args) {
          super(...args);
          this.addEventListener('message', () => {
            if (!bench.recording) return;
            if (bench.firstMessageAt === 0) bench.firstMessageAt = performance.now();
            bench.lastMessageAt = performance.now();
          });
        }
      };
      const tiles = document.getElementsByTagName('button');
      let last = 0;
      const tick = (now) => {
        if (bench.recording && last > 0) bench.frames.push(now - last);
        last = now;
        if (bench.firstTilesAt === 0 && tiles.length >= ${String(expected)} &&
            document.querySelectorAll('button[data-asset-id]').length >= ${String(expected)} &&
            document.querySelector('button[data-asset-id][data-unknown]') === null) {
          bench.firstTilesAt = now;
        }
        if (bench.until && bench.doneAt === 0 && bench.until()) bench.doneAt = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })();`,
  });
}

/** Main-thread time the tab has spent on tasks so far (scripts, style, layout, paint), in ms. */
export async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
}

export interface UpdateCost {
  /** From the trigger to the first frame showing every changed tile. */
  latencyMs: number;
  /** From the trigger to the first live message (the server's part); NaN when the update sent none. */
  firstMessageMs: number;
  /** From the trigger to the last live message before the change was drawn; NaN when none. */
  lastMessageMs: number;
  /** Main-thread time spent meanwhile. */
  busyMs: number;
  /** The longest interval between two frames meanwhile: the update's worst jank. */
  longestFrameMs: number;
}

/**
 * Times one update: `targets` (tile ids) are looked up once, the bench condition waits until every one shows
 * `state`, and `trigger` starts the update. The probe sees the change in the frame it is drawn in.
 */
export async function measureUpdate(
  page: Page,
  cdp: CDPSession,
  targets: readonly number[],
  state: string,
  trigger: () => Promise<void>,
): Promise<UpdateCost> {
  await page.evaluate(
    ({ ids, wanted }) => {
      const bench = window.__bench;
      if (!bench) throw new Error('The probe is not installed');
      const elements = ids.map((id) =>
        document.querySelector<HTMLElement>(`[data-asset-id="${String(id)}"]`),
      );
      bench.doneAt = 0;
      bench.firstMessageAt = 0;
      bench.lastMessageAt = 0;
      bench.frames = [];
      bench.recording = true;
      bench.until = () => elements.every((element) => element?.dataset.state === wanted);
    },
    { ids: [...targets], wanted: state },
  );
  const busyBefore = await busyMs(cdp);
  const startedAt = await page.evaluate(() => performance.now());
  await trigger();
  await page.waitForFunction(() => (window.__bench?.doneAt ?? 0) > 0, undefined, {
    polling: 100,
    timeout: 120_000,
  });
  // The frame that drew it, and the paint after it.
  await page.waitForTimeout(200);
  const busyAfter = await busyMs(cdp);
  const { doneAt, frames, firstMessageAt, lastMessageAt } = await page.evaluate(() => {
    const bench = window.__bench;
    if (!bench) throw new Error('The probe is not installed');
    bench.recording = false;
    bench.until = null;
    return {
      doneAt: bench.doneAt,
      frames: [...bench.frames],
      firstMessageAt: bench.firstMessageAt,
      lastMessageAt: bench.lastMessageAt,
    };
  });
  return {
    latencyMs: doneAt - startedAt,
    firstMessageMs: firstMessageAt > 0 ? firstMessageAt - startedAt : Number.NaN,
    lastMessageMs: lastMessageAt > 0 ? lastMessageAt - startedAt : Number.NaN,
    busyMs: busyAfter - busyBefore,
    longestFrameMs: Math.max(0, ...frames),
  };
}

declare global {
  interface Window {
    __bench?: {
      firstTilesAt: number;
      until: (() => boolean) | null;
      doneAt: number;
      frames: number[];
      recording: boolean;
      firstMessageAt: number;
      lastMessageAt: number;
    };
    /** The floor page's update: recolours the given tiles in one go. */
    __floorUpdate?: (ids: number[], state: string, colour: string) => void;
  }
}

/**
 * The floor: the same 5,000 tiles (headings, lists, buttons with a background) built by plain DOM calls from
 * data in the page, no framework, no requests. What any overview costs the browser at least.
 */
export function floorPage(
  groups: readonly { name: string; units: readonly { id: number; name: string }[] }[],
): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { font-family: sans-serif; margin: 16px; }
    ul { display: flex; flex-wrap: wrap; gap: 4px; margin: 0 0 16px; padding: 0; list-style: none; }
    li { width: 128px; }
    button { width: 100%; height: 32px; border: 0; border-radius: 4px; color: #fff; font-size: 12px;
      text-align: left; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    h3 { font-size: 14px; margin: 0 0 6px; }
  </style></head><body><main id="root"></main><script>
    const groups = ${JSON.stringify(groups)};
    const root = document.getElementById('root');
    const byId = new Map();
    for (const group of groups) {
      const section = document.createElement('section');
      const heading = document.createElement('h3');
      heading.textContent = group.name + ' (' + group.units.length + ')';
      const list = document.createElement('ul');
      for (const unit of group.units) {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.dataset.assetId = String(unit.id);
        button.dataset.state = 'COMMUNICATION_LOST';
        button.style.background = '#7950f2';
        button.textContent = unit.name;
        button.setAttribute('aria-label', unit.name + ': Communication lost');
        byId.set(unit.id, button);
        item.append(button);
        list.append(item);
      }
      section.append(heading, list);
      root.append(section);
    }
    window.__floorUpdate = (ids, state, colour) => {
      for (const id of ids) {
        const button = byId.get(id);
        button.dataset.state = state;
        button.style.background = colour;
      }
    };
  </script></body></html>`;
}
