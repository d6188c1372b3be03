/**
 * The page's side of the bench: when the first render and each applied move were committed and painted, and
 * when the pointer that ended a drag went up. Times are performance.now(), ms since navigation.
 */
export interface SchedulingProbe {
  /** When the page's own script began to run (after the bundle was fetched and parsed). */
  scriptStartAt: number;
  firstRenderAt: number;
  pointerUpAt: number;
  appliedAt: number;
  paintedAt: number;
  moves: number;
}

declare global {
  interface Window {
    __schedulingBench?: SchedulingProbe;
  }
}

const probe: SchedulingProbe = {
  scriptStartAt: 0,
  firstRenderAt: 0,
  pointerUpAt: 0,
  appliedAt: 0,
  paintedAt: 0,
  moves: 0,
};
window.__schedulingBench = probe;
window.addEventListener('pointerup', () => (probe.pointerUpAt = performance.now()), { capture: true });
window.addEventListener('mouseup', () => (probe.pointerUpAt ||= performance.now()), { capture: true });

/** After the paint of the frame that follows now: a task queued from the frame's callback runs after it. */
function afterPaint(then: (at: number) => void): void {
  requestAnimationFrame(() => setTimeout(() => then(performance.now()), 0));
}

/** Called from a layout effect each time the page's data was committed to the DOM. */
export function markApplied(): void {
  const at = performance.now();
  if (probe.firstRenderAt === 0) {
    afterPaint((painted) => (probe.firstRenderAt = painted));
    return;
  }
  probe.appliedAt = at;
  afterPaint((painted) => {
    probe.paintedAt = painted;
    probe.moves += 1;
  });
}

export function markScriptStart(): void {
  probe.scriptStartAt = performance.now();
}
