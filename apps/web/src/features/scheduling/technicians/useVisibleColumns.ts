import { useLayoutEffect, useState, type RefObject } from 'react';

/** Columns drawn beyond each edge of the scroller, so that a quick scroll does not show blank columns. */
const OVERSCAN = 2;
/** Before the scroller is measured (and where nothing is, as in jsdom) this many columns are drawn. */
const UNMEASURED_COLUMNS = 12;

export interface VisibleColumns {
  /** The scroller's inner width in px (0 before it is measured). */
  width: number;
  /** The columns to draw, [first, last]. */
  first: number;
  last: number;
}

/**
 * Which technicians' columns are in sight: 50 columns of 100 entries each are far more than a screen shows, and
 * drawing only the ones in sight keeps the first render and every update to the few columns one can see.
 */
export function useVisibleColumns(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  axisWidth: number,
  columnWidth: (width: number) => number,
): VisibleColumns {
  const [view, setView] = useState({ width: 0, scrollLeft: 0 });
  // With no columns the view draws a message instead of the scroller: it is measured once it appears.
  const drawn = count > 0;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setView((previous) =>
        previous.width === element.clientWidth && previous.scrollLeft === element.scrollLeft
          ? previous
          : { width: element.clientWidth, scrollLeft: element.scrollLeft },
      );
    };
    measure();
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(onScroll);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [scroller, drawn]);

  if (view.width === 0) return { width: 0, first: 0, last: Math.min(count, UNMEASURED_COLUMNS) - 1 };
  const size = columnWidth(view.width);
  const first = Math.max(0, Math.floor(view.scrollLeft / size) - OVERSCAN);
  const last = Math.min(count - 1, Math.ceil((view.scrollLeft + view.width - axisWidth) / size) + OVERSCAN);
  return { width: view.width, first, last };
}
