import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { Segment } from './technicianLayout.ts';

/** Drags snap to quarter hours, as FullCalendar's default slots do. */
export const SNAP_MINUTES = 15;
/** A pointer must travel this far before a press on an entry becomes a move (less is a click that opens it). */
const DRAG_THRESHOLD_PX = 4;
const MINUTE_MS = 60_000;

/** Where a pointer is on the grid: a column index and minutes from the day's start. */
export interface GridPoint {
  column: number;
  minute: number;
}

/** What is being dragged, in the grid's terms; the view draws it as a ghost. */
export type DragState =
  | { kind: 'select'; column: number; from: number; to: number }
  | { kind: 'move'; segment: Segment; fromColumn: number; column: number; delta: number }
  | { kind: 'resize'; segment: Segment; column: number; bottom: number };

export interface DragHandlers {
  /** Maps a pointer to the grid, or undefined when the grid is not laid out. */
  pointToGrid: (clientX: number, clientY: number) => GridPoint | undefined;
  dayStart: number;
  dayMinutes: number;
  userIdAt: (column: number) => number | undefined;
  onSelectRange: (range: { start: string; end: string; userId: number }) => void;
  onMove: (move: {
    scheduleId: number;
    startsAt: string;
    endsAt: string;
    fromUserId: number;
    toUserId: number;
  }) => void;
}

const snapDown = (minute: number) => Math.floor(minute / SNAP_MINUTES) * SNAP_MINUTES;
const snapNear = (minute: number) => Math.round(minute / SNAP_MINUTES) * SNAP_MINUTES;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const iso = (ts: number) => new Date(ts).toISOString();

interface Pending {
  state: DragState;
  originX: number;
  originY: number;
  grabMinute: number;
  moved: boolean;
  /** Removes the window listeners of this drag. */
  listeners: AbortController;
}

/**
 * Drag to create (on a column's empty space), to move (an entry, within or across technicians) and to resize
 * (an entry's bottom edge), with a mouse or a pen. Touch keeps scrolling the grid: a tap on an entry opens it.
 * The pointer's path is followed on the window, so that leaving the column does not end the drag.
 */
export function useTechnicianDrag(handlers: DragHandlers) {
  const [drag, setDrag] = useState<DragState | undefined>();
  const pending = useRef<Pending | undefined>(undefined);
  // What the window listeners read: the newest handlers, without new listeners for each render.
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  /** Set by a finished drag: the click that follows the pointer's release must not open the entry. */
  const justDragged = useRef(false);

  const follow = useCallback((event: PointerEvent) => {
    const current = pending.current;
    const point = latest.current.pointToGrid(event.clientX, event.clientY);
    if (!current || !point) return;
    if (
      !current.moved &&
      Math.hypot(event.clientX - current.originX, event.clientY - current.originY) < DRAG_THRESHOLD_PX
    )
      return;
    current.moved = true;
    const { dayMinutes } = latest.current;
    const state = current.state;
    if (state.kind === 'select') {
      current.state = { ...state, to: clamp(snapNear(point.minute), 0, dayMinutes) };
    } else if (state.kind === 'move') {
      current.state = { ...state, column: point.column, delta: snapNear(point.minute - current.grabMinute) };
    } else {
      const bottom = clamp(snapNear(point.minute), state.segment.top + SNAP_MINUTES, dayMinutes);
      current.state = { ...state, bottom };
    }
    setDrag(current.state);
  }, []);

  const finish = useCallback(() => {
    const current = pending.current;
    pending.current = undefined;
    setDrag(undefined);
    current?.listeners.abort();
    if (!current?.moved) return;
    justDragged.current = true;
    setTimeout(() => (justDragged.current = false), 0);
    const { dayStart, userIdAt, onMove, onSelectRange } = latest.current;
    const state = current.state;
    if (state.kind === 'select') {
      const from = Math.min(state.from, state.to);
      const to = Math.max(state.from, state.to);
      const userId = userIdAt(state.column);
      if (to > from && userId !== undefined)
        onSelectRange({
          start: iso(dayStart + from * MINUTE_MS),
          end: iso(dayStart + to * MINUTE_MS),
          userId,
        });
      return;
    }
    const fromUserId = userIdAt(state.kind === 'move' ? state.fromColumn : state.column);
    const toUserId = userIdAt(state.column);
    if (fromUserId === undefined || toUserId === undefined) return;
    const entry = state.segment.entry;
    const start = Date.parse(entry.startsAt);
    const end = Date.parse(entry.endsAt);
    if (state.kind === 'move') {
      if (state.delta === 0 && fromUserId === toUserId) return;
      const shift = state.delta * MINUTE_MS;
      onMove({
        scheduleId: entry.scheduleId,
        startsAt: iso(start + shift),
        endsAt: iso(end + shift),
        fromUserId,
        toUserId,
      });
      return;
    }
    const newEnd = dayStart + state.bottom * MINUTE_MS;
    if (newEnd !== end)
      onMove({
        scheduleId: entry.scheduleId,
        startsAt: entry.startsAt,
        endsAt: iso(newEnd),
        fromUserId,
        toUserId,
      });
  }, []);

  const cancel = useCallback(() => {
    pending.current?.listeners.abort();
    pending.current = undefined;
    setDrag(undefined);
  }, []);

  useEffect(() => cancel, [cancel]);

  const begin = useCallback(
    (event: ReactPointerEvent, state: DragState, grabMinute: number) => {
      if (event.pointerType === 'touch' || event.button !== 0) return;
      event.preventDefault();
      pending.current?.listeners.abort();
      const listeners = new AbortController();
      pending.current = {
        state,
        originX: event.clientX,
        originY: event.clientY,
        grabMinute,
        moved: false,
        listeners,
      };
      const { signal } = listeners;
      window.addEventListener('pointermove', follow, { signal });
      window.addEventListener('pointerup', finish, { signal });
      window.addEventListener('pointercancel', cancel, { signal });
    },
    [follow, finish, cancel],
  );

  /** A press on a column's empty space: the start of a new entry. */
  const startSelect = useCallback(
    (event: ReactPointerEvent, column: number) => {
      const point = latest.current.pointToGrid(event.clientX, event.clientY);
      if (!point) return;
      const from = snapDown(point.minute);
      begin(event, { kind: 'select', column, from, to: from + SNAP_MINUTES }, point.minute);
    },
    [begin],
  );

  /** A press on an entry: a move, or a click when the pointer does not travel. */
  const startMove = useCallback(
    (event: ReactPointerEvent, segment: Segment, column: number) => {
      const point = latest.current.pointToGrid(event.clientX, event.clientY);
      if (!point) return;
      begin(event, { kind: 'move', segment, fromColumn: column, column, delta: 0 }, point.minute);
    },
    [begin],
  );

  /** A press on an entry's bottom edge. */
  const startResize = useCallback(
    (event: ReactPointerEvent, segment: Segment, column: number) => {
      event.stopPropagation();
      begin(event, { kind: 'resize', segment, column, bottom: segment.bottom }, segment.bottom);
    },
    [begin],
  );

  return { drag, startSelect, startMove, startResize, justDragged };
}
