/**
 * The form's work timer (spec section 4, Form timer) as a pure state machine: the screen keeps the state, feeds it
 * events and a clock, and ticks every FORM_TIMER_TICK_MS. No timers or dates are read here, so every transition
 * is testable at an exact moment.
 */
import { DurationError, formatIsoDuration, parseIsoDuration } from '../time/duration.ts';
import { type FormTimeEntry } from './formModel.ts';

/** Spec section 9: form timer tick, 1 s. */
export const FORM_TIMER_TICK_MS = 1000;
export const NO_DURATION_SET = 'No duration set';

/** The clock the screen injects (Date.now in the browser, a fixed clock in tests). */
export type FormTimerClock = () => number;

export interface FormTimerState {
  /** Epoch ms the running stretch started at; null when stopped. */
  startedAt: number | null;
  /** The last moment seen (a tick or any event): what the running time is measured to. */
  now: number;
  /** Entries the server already holds (merged once from its metadata, plus ours once a save reported them). */
  priorEntries: FormTimeEntry[];
  /** Entries of this session not yet reported: the work time sheet the next save sends. */
  workTimeSheet: FormTimeEntry[];
}

export type FormTimerEvent =
  | { type: 'start' }
  | { type: 'tick' }
  | { type: 'pause' }
  | { type: 'save' }
  | { type: 'close' }
  | { type: 'reset' }
  /** A value was edited; in embedded mode with a bound value that starts or continues the timer. */
  | { type: 'valueEdited'; embedded: boolean }
  /** The server's formTimeTracker arrived (or arrived again). */
  | { type: 'mergePrior'; entries: readonly FormTimeEntry[] }
  /** The save carrying the work time sheet succeeded: those entries are the server's now. */
  | { type: 'reported' };

export const initialFormTimer = (now: number, priorEntries: readonly FormTimeEntry[] = []): FormTimerState =>
  mergePrior({ startedAt: null, now, priorEntries: [], workTimeSheet: [] }, priorEntries);

export const isFormTimerRunning = (state: FormTimerState): boolean => state.startedAt !== null;

const entryKey = (entry: FormTimeEntry): string => `${entry.startTimestamp}|${entry.elapsedDuration}`;

/** Prior entries merged unless already stored (spec): an entry we hold, reported or not, is not counted twice. */
function mergePrior(state: FormTimerState, entries: readonly FormTimeEntry[]): FormTimerState {
  const held = new Set([...state.priorEntries, ...state.workTimeSheet].map(entryKey));
  const fresh: FormTimeEntry[] = [];
  for (const entry of entries) {
    const key = entryKey(entry);
    if (held.has(key)) continue;
    held.add(key);
    fresh.push(entry);
  }
  return fresh.length === 0 ? state : { ...state, priorEntries: [...state.priorEntries, ...fresh] };
}

/** Stops the running stretch; `report` appends it to the work time sheet (pause, save, close), reset does not. */
function stop(state: FormTimerState, now: number, report: boolean): FormTimerState {
  if (state.startedAt === null) return { ...state, now };
  const entry: FormTimeEntry = {
    startTimestamp: new Date(state.startedAt).toISOString(),
    elapsedDuration: formatIsoDuration(Math.max(0, now - state.startedAt)),
  };
  return {
    ...state,
    startedAt: null,
    now,
    workTimeSheet: report ? [...state.workTimeSheet, entry] : state.workTimeSheet,
  };
}

const start = (state: FormTimerState, now: number): FormTimerState =>
  state.startedAt === null ? { ...state, startedAt: now, now } : { ...state, now };

/** The next state of the timer after an event at the clock's moment. */
export function stepFormTimer(
  state: FormTimerState,
  event: FormTimerEvent,
  clock: FormTimerClock,
): FormTimerState {
  const now = clock();
  switch (event.type) {
    case 'start':
      return start(state, now);
    case 'tick':
      return { ...state, now };
    case 'pause':
    case 'save':
    case 'close':
      return stop(state, now, true);
    case 'reset':
      return stop(state, now, false);
    case 'valueEdited':
      return event.embedded ? start(state, now) : { ...state, now };
    case 'mergePrior':
      return mergePrior({ ...state, now }, event.entries);
    case 'reported':
      return {
        ...state,
        now,
        priorEntries: [...state.priorEntries, ...state.workTimeSheet],
        workTimeSheet: [],
      };
  }
}

/** An entry's elapsed time in ms; an unreadable duration from the server counts as none rather than break the
 * screen. */
function elapsedMs(entry: FormTimeEntry): number {
  try {
    return parseIsoDuration(entry.elapsedDuration);
  } catch (error) {
    if (error instanceof DurationError) return 0;
    throw error;
  }
}

/** Prior entries plus this session's plus the running time, in ms; null when there is nothing at all. */
export function formTimerTotalMs(state: FormTimerState): number | null {
  const entries = [...state.priorEntries, ...state.workTimeSheet];
  if (entries.length === 0 && state.startedAt === null) return null;
  const running = state.startedAt === null ? 0 : Math.max(0, state.now - state.startedAt);
  return entries.reduce((total, entry) => total + elapsedMs(entry), running);
}

/** Spec: hours, minutes, seconds ('1h 5m 9s', hours not folded into days); a steady shape while it ticks. */
export function formatTimerDuration(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m ${seconds % 60}s`;
}

/** The Duration line of the form screen: the total as hours, minutes, seconds, or 'No duration set'. */
export function formTimerText(state: FormTimerState): string {
  const total = formTimerTotalMs(state);
  return total === null ? NO_DURATION_SET : formatTimerDuration(total);
}
