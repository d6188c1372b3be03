import { describe, expect, it } from 'vitest';
import {
  conflictKindOf,
  scheduleRangeProblem,
  scheduleSpanProblem,
  spansOverlap,
} from './scheduleOverlap.ts';

const span = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });

describe('spansOverlap', () => {
  it('is half-open: touching ends do not clash, any shared instant does', () => {
    const visit = span('2026-01-05T08:00:00Z', '2026-01-05T10:00:00Z');
    expect(spansOverlap(visit, span('2026-01-05T10:00:00Z', '2026-01-05T11:00:00Z'))).toBe(false);
    expect(spansOverlap(visit, span('2026-01-05T07:00:00Z', '2026-01-05T08:00:00Z'))).toBe(false);
    expect(spansOverlap(visit, span('2026-01-05T09:59:00Z', '2026-01-05T11:00:00Z'))).toBe(true);
    expect(spansOverlap(visit, span('2026-01-05T07:00:00Z', '2026-01-05T12:00:00Z'))).toBe(true);
    expect(spansOverlap(visit, span('2026-01-05T08:30:00Z', '2026-01-05T09:00:00Z'))).toBe(true);
  });

  it('reads offsets, dates and epoch milliseconds alike', () => {
    const berlin = span('2026-01-05T09:00:00+01:00', '2026-01-05T10:00:00+01:00');
    expect(
      spansOverlap(berlin, { startsAt: new Date('2026-01-05T08:30:00Z'), endsAt: Date.UTC(2026, 0, 5, 9) }),
    ).toBe(true);
  });
});

describe('conflictKindOf', () => {
  it('names time off apart from any other booking', () => {
    expect(conflictKindOf('timeOff')).toBe('timeOff');
    expect(conflictKindOf('siteVisit')).toBe('doubleBooking');
    expect(conflictKindOf('reminder')).toBe('doubleBooking');
  });
});

describe('scheduleSpanProblem', () => {
  it('wants the end after the start and at most the maximum length', () => {
    expect(scheduleSpanProblem(span('2026-01-05T08:00:00Z', '2026-01-05T08:00:00Z'), 62)).toEqual({
      field: 'endsAt',
      message: 'End must be after the start.',
    });
    expect(scheduleSpanProblem(span('2026-01-01T00:00:00Z', '2026-03-04T00:00:01Z'), 62)?.message).toBe(
      'An entry lasts at most 62 days.',
    );
    expect(scheduleSpanProblem(span('2026-01-01T00:00:00Z', '2026-03-04T00:00:00Z'), 62)).toBeNull();
  });

  it('checks a range the same way', () => {
    expect(scheduleRangeProblem({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 62)).toBe(
      'The end of the range must be after its start.',
    );
    expect(scheduleRangeProblem({ from: '2026-01-01T00:00:00Z', to: '2026-04-01T00:00:00Z' }, 62)).toBe(
      'Ask for at most 62 days at once.',
    );
    expect(scheduleRangeProblem({ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }, 62)).toBeNull();
  });
});
