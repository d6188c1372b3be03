import { useCallback, useEffect, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { Portal } from '@mantine/core';
import classes from './PagedTable.module.css';

/** Marks the element around a cell's content that the tooltip reads (PagedTable draws it as data-cell). */
export const CELL_ATTRIBUTE = 'data-cell';

/** Cut by more than this (px): sub-pixel rounding is not a cut. */
const TOLERANCE = 1;

function isCut(element: Element): boolean {
  if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + TOLERANCE) return true;
  // A text clamped to some lines (Mantine's lineClamp marks it) is cut downwards.
  return element.hasAttribute('data-line-clamp') && element.scrollHeight > element.clientHeight + TOLERANCE;
}

/**
 * The whole text of a cell whose content is cut (wider than its column, or clamped), or null when all of it shows:
 * a tooltip that repeats what is already readable is noise.
 */
export function cutTextOf(cell: Element): string | null {
  if (!isCut(cell) && ![...cell.querySelectorAll('*')].some(isCut)) return null;
  // innerText keeps the breaks between blocks (a title and its assets); jsdom has only textContent.
  const raw = cell instanceof HTMLElement && cell.innerText ? cell.innerText : cell.textContent;
  const text = raw.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

interface Tip {
  text: string;
  left: number;
  top: number;
  /** Drawn above the cell when there is no room below it. */
  above: boolean;
}

function tipFor(cell: Element): Tip | null {
  const text = cutTextOf(cell);
  if (text === null) return null;
  const rect = cell.getBoundingClientRect();
  const above = rect.bottom + 64 > window.innerHeight;
  return { text, left: Math.max(8, rect.left), top: above ? rect.top - 4 : rect.bottom + 4, above };
}

function cellOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(`[${CELL_ATTRIBUTE}]`) : null;
}

/**
 * One tooltip for a whole table, shown over the cell under the pointer or holding the focus when that cell's text
 * is cut. One per table rather than one per cell: a page of 25 rows by 10 columns would mount 250 floating
 * tooltips. Its state lives in its own component, so showing it does not redraw the rows. Screen readers read the
 * whole text in the cell already (the cut is only drawn), so the tooltip is for the eyes.
 */
export function useCutTextTooltip() {
  const show = useRef<(tip: Tip | null) => void>(() => undefined);
  const current = useRef<Element | null>(null);
  const update = useCallback((cell: Element | null) => {
    if (cell === current.current) return;
    current.current = cell;
    show.current(cell === null ? null : tipFor(cell));
  }, []);
  const register = useCallback((setter: (tip: Tip | null) => void) => {
    show.current = setter;
  }, []);
  const handlers = {
    onMouseOver: (event: MouseEvent) => update(cellOf(event.target)),
    onMouseLeave: () => update(null),
    onFocus: (event: FocusEvent) => update(cellOf(event.target)),
    onBlur: () => update(null),
  };
  const hide = useCallback(() => update(null), [update]);
  return { handlers, tooltip: <CutTextTooltip register={register} onHide={hide} /> };
}

function CutTextTooltip({
  register,
  onHide,
}: {
  register: (setter: (tip: Tip | null) => void) => void;
  onHide: () => void;
}) {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => register(setTip), [register]);
  // A scroll moves the cell away from the tip: hide it rather than leave it floating over another row.
  useEffect(() => {
    if (tip === null) return undefined;
    window.addEventListener('scroll', onHide, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', onHide, { capture: true });
  }, [tip, onHide]);
  if (tip === null) return null;
  return (
    <Portal>
      <div
        role="tooltip"
        className={classes.tooltip}
        style={{
          left: tip.left,
          top: tip.top,
          transform: tip.above ? 'translateY(-100%)' : undefined,
        }}
      >
        {tip.text}
      </div>
    </Portal>
  );
}
