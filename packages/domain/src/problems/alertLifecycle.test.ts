import { describe, expect, it } from 'vitest';
import { nextAlertStep, type OpenAlertState } from './alertLifecycle.ts';
import { thresholdVerdict, type Level, type Verdict } from './ruleVerdict.ts';

const MINUTE = 60_000;
const breach = (value: number, level: Level = 'WARNING'): Verdict => ({ breach: true, level, value });
const clear = (value: number): Verdict => ({ breach: false, level: 'WARNING', value });
const gap: Verdict = { breach: null, level: 'WARNING', value: null };

interface Opened {
  level: Level;
  firstEventAt: number;
  lastEventAt: number;
  numberOfOccurrences: number;
  resolvedAt: number | null;
  firstValue: number | null;
  lastValue: number | null;
}

/** Feeds one verdict a minute through the lifecycle, keeping alerts as a store would. */
function run(verdicts: readonly Verdict[], recoveryMs: number): Opened[] {
  const alerts: Opened[] = [];
  let open: (OpenAlertState & { alert: Opened }) | null = null;
  verdicts.forEach((verdict, index) => {
    const at = index * MINUTE;
    const step = nextAlertStep(open, verdict, at, recoveryMs);
    if (step.action === 'OPEN') {
      const alert: Opened = {
        level: step.level,
        firstEventAt: at,
        lastEventAt: at,
        numberOfOccurrences: 1,
        resolvedAt: null,
        firstValue: step.value,
        lastValue: step.value,
      };
      alerts.push(alert);
      open = {
        level: step.level,
        lastEventAt: at,
        numberOfOccurrences: 1,
        breaching: true,
        evaluatedAt: at,
        alert,
      };
    } else if (step.action === 'UPDATE' && open) {
      open = {
        ...open,
        level: step.level,
        breaching: step.breaching,
        numberOfOccurrences: step.numberOfOccurrences,
        lastEventAt: step.lastEventAt ?? open.lastEventAt,
        evaluatedAt: at,
      };
      Object.assign(open.alert, {
        level: step.level,
        numberOfOccurrences: step.numberOfOccurrences,
        lastEventAt: open.lastEventAt,
        lastValue: step.lastEventAt === null ? open.alert.lastValue : step.value,
      });
    } else if (step.action === 'RESOLVE' && open) {
      open.alert.resolvedAt = step.at;
      open = null;
    }
  });
  return alerts;
}

describe('alert lifecycle', () => {
  it('opens on a breach and resolves only after the recovery duration without one', () => {
    const alerts = run(
      [clear(20), breach(28), breach(29), clear(21), clear(20), clear(20), clear(20)],
      2 * MINUTE,
    );
    expect(alerts).toEqual([
      {
        level: 'WARNING',
        firstEventAt: MINUTE,
        lastEventAt: 2 * MINUTE,
        numberOfOccurrences: 1,
        resolvedAt: 4 * MINUTE,
        firstValue: 28,
        lastValue: 29,
      },
    ]);
  });

  it('counts a flapping metric as occurrences of one alert, not as new alerts', () => {
    const flapping = [
      breach(28),
      clear(21),
      breach(28),
      clear(21),
      breach(28),
      clear(20),
      clear(20),
      clear(20),
    ];
    const alerts = run(flapping, 3 * MINUTE);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.numberOfOccurrences).toBe(3);
    expect(alerts[0]?.resolvedAt).toBe(7 * MINUTE);
  });

  it('opens a second alert for a breach after the first resolved', () => {
    const alerts = run([breach(28), clear(20), clear(20), breach(30)], MINUTE);
    expect(alerts.map((alert) => [alert.firstEventAt, alert.resolvedAt])).toEqual([
      [0, MINUTE],
      [3 * MINUTE, null],
    ]);
  });

  it('keeps the worst level an alert reached', () => {
    const alerts = run([breach(23, 'WARNING'), breach(28, 'CRITICAL'), breach(23, 'WARNING')], MINUTE);
    expect(alerts[0]?.level).toBe('CRITICAL');
  });

  it('neither opens nor recovers across a gap in the data', () => {
    expect(run([gap, gap], MINUTE)).toEqual([]);
    const alerts = run([breach(28), gap, gap, gap, breach(28)], MINUTE);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.resolvedAt).toBeNull();
    expect(alerts[0]?.numberOfOccurrences).toBe(1);
  });

  it('resolves at the first clear evaluation after a gap longer than the recovery', () => {
    const alerts = run([breach(28), gap, gap, gap, clear(20)], 2 * MINUTE);
    expect(alerts[0]?.resolvedAt).toBe(4 * MINUTE);
  });

  it('ignores a tick it has already taken part in (a repeated or overlapping cycle)', () => {
    const open: OpenAlertState = {
      level: 'WARNING',
      lastEventAt: 5 * MINUTE,
      numberOfOccurrences: 2,
      breaching: false,
      evaluatedAt: 5 * MINUTE,
    };
    expect(nextAlertStep(open, breach(30), 5 * MINUTE, MINUTE)).toEqual({ action: 'NONE' });
    expect(nextAlertStep(open, breach(30), 4 * MINUTE, MINUTE)).toEqual({ action: 'NONE' });
    expect(nextAlertStep(open, breach(30), 6 * MINUTE, MINUTE)).toMatchObject({
      action: 'UPDATE',
      numberOfOccurrences: 3,
    });
  });

  it('runs with real threshold verdicts from a threshold group', () => {
    const group = { criticalLow: 12, warningLow: 15, warningHigh: 22, criticalHigh: 27 };
    const verdicts = [20, 23, 28, 21, 20].map((value) =>
      thresholdVerdict(value, { source: 'THRESHOLD_GROUP', group }, 'CRITICAL'),
    );
    const alerts = run(verdicts, MINUTE);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      level: 'CRITICAL',
      firstValue: 23,
      lastValue: 28,
      resolvedAt: 3 * MINUTE,
    });
  });
});
