import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  FORM_TIMER_TICK_MS,
  formTimerText,
  initialFormTimer,
  isFormTimerRunning,
  stepFormTimer,
  type FormTimeEntry,
  type FormTimerEvent,
  type FormTimerState,
} from '@kelvin/domain';
import { z } from 'zod';
import type { FormInstanceKey } from '../formsQueries.ts';

export interface FormTimer {
  running: boolean;
  /** The Duration line: prior entries plus the running time, or 'No duration set'. */
  text: string;
  /** Time measured here that no save has reported yet (the running stretch included). */
  hasUnsavedTime: boolean;
  toggle: () => void;
  /** Stops the timer for a save and gives the work time sheet to send with it. */
  stopForSave: () => FormTimeEntry[];
  /** The save carrying the sheet succeeded. */
  markSaved: () => void;
  /** Close stops the timer; the stretch stays on the device for the next save. */
  stopOnClose: () => void;
  /** Reset stops the timer without reporting. */
  reset: () => void;
  /** A value was edited (in embedded mode that starts or continues the timer). */
  onEdit: () => void;
}

const entrySchema = z.object({ startTimestamp: z.string(), elapsedDuration: z.string() });
const storedSchema = z.object({
  startedAt: z.number().nullable(),
  priorEntries: z.array(entrySchema),
  workTimeSheet: z.array(entrySchema),
});

/** Per filled form: time measured on this device survives a closed screen or a reload until a save reports it. */
const storageKey = ({ ticketId, formId, assetId }: FormInstanceKey) =>
  `kelvin.formTimer.${ticketId}.${formId}.${assetId}`;

function readStored(key: string, now: number): FormTimerState | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { ...parsed.data, now } : null;
  } catch {
    return null;
  }
}

function writeStored(key: string, state: FormTimerState) {
  try {
    if (state.startedAt === null && state.workTimeSheet.length === 0) localStorage.removeItem(key);
    else {
      const { startedAt, priorEntries, workTimeSheet } = state;
      localStorage.setItem(key, JSON.stringify({ startedAt, priorEntries, workTimeSheet }));
    }
  } catch {
    // Storage full or refused: the timer still works for this screen.
  }
}

/**
 * The form's work timer (the domain's state machine) for one filled form: ticks every second while it runs,
 * merges the server's prior entries once, and keeps what a save has not reported yet on the device.
 */
export function useFormTimer(
  key: FormInstanceKey,
  serverEntries: readonly FormTimeEntry[],
  options: { enabled: boolean; embedded: boolean },
): FormTimer {
  const storage = storageKey(key);
  const [state, setState] = useState<FormTimerState>(() => {
    const now = Date.now();
    const stored = readStored(storage, now);
    return stored
      ? stepFormTimer(stored, { type: 'mergePrior', entries: serverEntries }, () => now)
      : initialFormTimer(now, serverEntries);
  });
  const current = useRef(state);

  const dispatch = useCallback(
    (event: FormTimerEvent) => {
      const next = stepFormTimer(current.current, event, Date.now);
      current.current = next;
      setState(next);
      if (event.type !== 'tick') writeStored(storage, next);
      return next;
    },
    [storage],
  );

  const entriesKey = JSON.stringify(serverEntries);
  useEffect(() => {
    dispatch({ type: 'mergePrior', entries: serverEntries });
    // The entries' content, not their array's identity, says whether something new arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entriesKey, dispatch]);

  const running = isFormTimerRunning(state);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => dispatch({ type: 'tick' }), FORM_TIMER_TICK_MS);
    return () => clearInterval(id);
  }, [running, dispatch]);

  const { enabled, embedded } = options;
  // Stable actions: the rows get onEdit, and a tick must not make them render again.
  const actions = useMemo(
    () => ({
      toggle: () => {
        if (!enabled) return;
        dispatch({ type: isFormTimerRunning(current.current) ? 'pause' : 'start' });
      },
      stopForSave: () => dispatch({ type: 'save' }).workTimeSheet,
      markSaved: () => {
        dispatch({ type: 'reported' });
      },
      stopOnClose: () => {
        dispatch({ type: 'close' });
      },
      reset: () => {
        dispatch({ type: 'reset' });
      },
      onEdit: () => {
        if (enabled) dispatch({ type: 'valueEdited', embedded });
      },
    }),
    [enabled, embedded, dispatch],
  );
  return {
    ...actions,
    running,
    text: formTimerText(state),
    hasUnsavedTime: running || state.workTimeSheet.length > 0,
  };
}
