import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FORM_TIMER_TICK_MS,
  formTimerText,
  formTimerTotalMs,
  initialFormTimer,
  isFormTimerRunning,
  stepFormTimer,
  type FormTimerEvent,
  type FormTimerState,
} from './formTimer.ts';

const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);

/** A clock the test moves by hand. */
function manualClock(start = T0) {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

describe('form timer', () => {
  it("says 'No duration set' with no entries and nothing running", () => {
    expect(formTimerText(initialFormTimer(T0))).toBe('No duration set');
    expect(FORM_TIMER_TICK_MS).toBe(1000);
  });

  it('starts, ticks each second and shows hours, minutes and seconds', () => {
    const { clock, advance } = manualClock();
    let state = stepFormTimer(initialFormTimer(T0), { type: 'start' }, clock);
    expect(isFormTimerRunning(state)).toBe(true);
    expect(formTimerText(state)).toBe('0h 0m 0s');
    advance(3_723_000);
    state = stepFormTimer(state, { type: 'tick' }, clock);
    expect(formTimerText(state)).toBe('1h 2m 3s');
  });

  it('appends a work time entry on pause, save and close', () => {
    for (const stop of ['pause', 'save', 'close'] as const) {
      const { clock, advance } = manualClock();
      let state = stepFormTimer(initialFormTimer(T0), { type: 'start' }, clock);
      advance(90_000);
      state = stepFormTimer(state, { type: stop }, clock);
      expect(isFormTimerRunning(state)).toBe(false);
      expect(state.workTimeSheet).toEqual([
        { startTimestamp: '2026-11-27T10:00:00.000Z', elapsedDuration: 'PT1M30S' },
      ]);
      expect(formTimerText(state)).toBe('0h 1m 30s');
    }
  });

  it('stops without reporting on reset', () => {
    const { clock, advance } = manualClock();
    let state = stepFormTimer(initialFormTimer(T0), { type: 'start' }, clock);
    advance(60_000);
    state = stepFormTimer(state, { type: 'reset' }, clock);
    expect(isFormTimerRunning(state)).toBe(false);
    expect(state.workTimeSheet).toEqual([]);
    expect(formTimerText(state)).toBe('No duration set');
  });

  it('starts or continues on an edit in embedded mode only', () => {
    const { clock, advance } = manualClock();
    const idle = initialFormTimer(T0);
    expect(isFormTimerRunning(stepFormTimer(idle, { type: 'valueEdited', embedded: false }, clock))).toBe(
      false,
    );
    const started = stepFormTimer(idle, { type: 'valueEdited', embedded: true }, clock);
    expect(started.startedAt).toBe(T0);
    advance(5000);
    expect(stepFormTimer(started, { type: 'valueEdited', embedded: true }, clock).startedAt).toBe(T0);
  });

  it('adds prior server entries to the displayed duration, merged once', () => {
    const prior = [
      { startTimestamp: '2026-11-26T08:00:00.000Z', elapsedDuration: 'PT1H' },
      { startTimestamp: '2026-11-26T10:00:00.000Z', elapsedDuration: 'PT30M' },
    ];
    const { clock } = manualClock();
    let state = initialFormTimer(T0, prior);
    state = stepFormTimer(state, { type: 'mergePrior', entries: prior }, clock);
    expect(state.priorEntries).toHaveLength(2);
    expect(formTimerText(state)).toBe('1h 30m 0s');
  });

  it('does not count our own entries twice when the server sends them back after a save', () => {
    const { clock, advance } = manualClock();
    let state = stepFormTimer(initialFormTimer(T0), { type: 'start' }, clock);
    advance(600_000);
    state = stepFormTimer(state, { type: 'save' }, clock);
    const sent = state.workTimeSheet;
    state = stepFormTimer(state, { type: 'reported' }, clock);
    expect(state.workTimeSheet).toEqual([]);
    state = stepFormTimer(state, { type: 'mergePrior', entries: sent }, clock);
    expect(formTimerText(state)).toBe('0h 10m 0s');
  });

  it('never loses or doubles time, whatever the events (total = reported + running)', () => {
    const eventArb: fc.Arbitrary<FormTimerEvent> = fc.oneof(
      fc.constantFrom<FormTimerEvent>(
        { type: 'start' },
        { type: 'tick' },
        { type: 'pause' },
        { type: 'save' },
        { type: 'close' },
        { type: 'reported' },
      ),
      fc.boolean().map((embedded) => ({ type: 'valueEdited' as const, embedded })),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(eventArb, fc.integer({ min: 0, max: 100 }))), (steps) => {
        const { clock, advance } = manualClock();
        let state: FormTimerState = initialFormTimer(T0);
        let runningMs = 0;
        for (const [event, seconds] of steps) {
          const wasRunning = isFormTimerRunning(state);
          advance(seconds * 1000);
          if (wasRunning) runningMs += seconds * 1000;
          state = stepFormTimer(state, event, clock);
          state = stepFormTimer(state, { type: 'mergePrior', entries: state.priorEntries }, clock);
        }
        const total = formTimerTotalMs(state);
        if (total !== null) expect(total).toBe(runningMs);
      }),
    );
  });
});
