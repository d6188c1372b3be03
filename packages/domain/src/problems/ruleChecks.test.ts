import { describe, expect, it } from 'vitest';
import { durationInWords, ruleProblems } from './ruleChecks.ts';

const limits = { windowMinMs: 60_000, windowMaxMs: 86_400_000, recoveryMaxMs: 86_400_000 };
const silent = { kind: 'COMMUNICATION_LOST' } as const;

describe('rule checks', () => {
  it('says durations in words', () => {
    expect(durationInWords(60_000)).toBe('1 minute');
    expect(durationInWords(7_200_000)).toBe('2 hours');
    expect(durationInWords(86_400_000)).toBe('1 day');
    expect(durationInWords(90_000)).toBe('90 seconds');
  });

  it('keeps the window and the recovery within the limits, and reads bad durations', () => {
    const check = (timeWindow: string, recoveryDuration: string) =>
      ruleProblems({ timeWindow, recoveryDuration, condition: silent }, limits);
    expect(check('PT1M', 'PT0S')).toEqual([]);
    expect(check('P1D', 'P1D')).toEqual([]);
    expect(check('PT59S', 'P1DT1S')).toEqual([
      { field: 'timeWindow', message: 'The time window must be from 1 minute to 1 day.' },
      { field: 'recoveryDuration', message: 'The recovery duration must be at most 1 day.' },
    ]);
    expect(check('5M', 'PT1X')).toEqual([
      { field: 'timeWindow', message: "Duration string 5M not recognized. Must start with 'P'." },
      { field: 'recoveryDuration', message: 'Duration string PT1X not recognized. Unrecognized part 1X' },
    ]);
  });

  it('checks each kind’s condition', () => {
    const check = (condition: Parameters<typeof ruleProblems>[0]['condition']) =>
      ruleProblems({ timeWindow: 'PT5M', recoveryDuration: 'PT5M', condition }, limits).map((p) => p.field);
    expect(check({ kind: 'MANUAL' })).toEqual(['condition.kind']);
    expect(check({ kind: 'THRESHOLD', limits: { source: 'FIXED', above: 5, below: 5 } })).toEqual([
      'condition.limits.above',
    ]);
    expect(check({ kind: 'THRESHOLD', limits: { source: 'FIXED', above: 6, below: 5 } })).toEqual([]);
    expect(check({ kind: 'THRESHOLD', limits: { source: 'THRESHOLD_GROUP' } })).toEqual([]);
    expect(check({ kind: 'CHANGE_DETECTION', mode: 'RATE', maxChangePerMinute: null })).toEqual([
      'condition.maxChangePerMinute',
    ]);
    expect(check({ kind: 'CHANGE_DETECTION', mode: 'VALUE', maxChangePerMinute: null })).toEqual([]);
    expect(
      check({ kind: 'QUERY', terms: [{ name: 'a' }, { name: 'a' }, { name: 'b' }], expression: 'a - c' }),
    ).toEqual(['condition.terms.1.name', 'condition.expression']);
    expect(check({ kind: 'QUERY', terms: [{ name: 'a' }], expression: '(a) / 2' })).toEqual([]);
  });
});
