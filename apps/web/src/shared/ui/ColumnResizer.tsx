import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box } from '@mantine/core';
import classes from './ColumnResizer.module.css';

/** No column gets narrower than this by hand: its header's sort and filter buttons still fit. */
export const MIN_COLUMN_WIDTH = 64;
const MAX_COLUMN_WIDTH = 1200;
const KEY_STEP = 16;

const clamp = (width: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

/**
 * The grip on a header cell's right edge that sets the column's width: dragged with a pointer, or focused and moved
 * with the arrow keys (a separator, as WAI-ARIA's window splitter); a double click or Home gives the column back
 * its natural width. The header cell must be positioned (relative) for the grip to sit on its edge.
 */
export function ColumnResizer(props: {
  title: string;
  width: number | undefined;
  onResize: (width: number | undefined) => void;
  /** Before the first change: every header cell's drawn width by its data-column-key, to fix the others at. */
  onStart: (drawn: Record<string, number>) => void;
}) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const grip = useRef<HTMLDivElement>(null);
  const cellWidth = (element: HTMLElement) => element.parentElement?.getBoundingClientRect().width ?? 0;
  // A focusable separator must say its value (axe: aria-required-attr): before a resize, the drawn width. It is
  // read when the grip is focused or hovered, not on mount: a measure per column on mount forced a layout and a
  // second render of every table before its first paint.
  const [drawn, setDrawn] = useState<number>(MIN_COLUMN_WIDTH);
  const measure = () => {
    if (grip.current) setDrawn(clamp(cellWidth(grip.current)));
  };
  const startResizing = (grip: HTMLElement) => {
    const drawn: Record<string, number> = {};
    for (const cell of grip.parentElement?.parentElement?.children ?? []) {
      const key = cell.getAttribute('data-column-key');
      if (key !== null) drawn[key] = Math.round(cell.getBoundingClientRect().width);
    }
    props.onStart(drawn);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width: cellWidth(event.currentTarget) };
    startResizing(event.currentTarget);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    props.onResize(clamp(start.current.width + event.clientX - start.current.x));
  };
  const onPointerUp = () => {
    start.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = props.width ?? cellWidth(event.currentTarget);
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') startResizing(event.currentTarget);
    if (event.key === 'ArrowRight') props.onResize(clamp(current + KEY_STEP));
    else if (event.key === 'ArrowLeft') props.onResize(clamp(current - KEY_STEP));
    else if (event.key === 'Home') props.onResize(undefined);
    else return;
    event.preventDefault();
  };

  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${props.title}`}
      aria-valuenow={props.width ?? drawn}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      ref={grip}
      onFocus={measure}
      onPointerEnter={measure}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => props.onResize(undefined)}
      onKeyDown={onKeyDown}
      className={classes.grip}
    />
  );
}
