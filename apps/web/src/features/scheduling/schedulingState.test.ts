import { describe, expect, it } from 'vitest';
import {
  activeSchedulingFilters,
  defaultSchedulingState,
  parseSchedulingState,
  writeSchedulingState,
} from './schedulingState.ts';

describe('scheduling address state', () => {
  it('reads an empty address as the spec defaults: week, United States, today, own zone, no filters', () => {
    expect(parseSchedulingState(new URLSearchParams())).toEqual(defaultSchedulingState());
    expect(writeSchedulingState(defaultSchedulingState()).toString()).toBe('');
  });

  it('keeps every setting and filter through the address', () => {
    const state = {
      view: 'month' as const,
      style: 'EU' as const,
      date: '2026-11-05',
      timeZone: 'Europe/Berlin',
      companyIds: [3, 5],
      confirmed: 'UNCONFIRMED' as const,
      resourceIds: [11],
      types: ['siteVisit' as const, 'timeOff' as const],
      tickets: 'WITH_TICKETS' as const,
      scheduleId: 42,
    };
    const params = writeSchedulingState(state);
    expect(params.get('view')).toBe('month');
    expect(params.get('scheduleId')).toBe('42');
    expect(parseSchedulingState(params)).toEqual(state);
  });

  it('drops what it cannot read instead of failing', () => {
    const state = parseSchedulingState(
      new URLSearchParams(
        'view=year&style=JP&date=2026-02-30&tz=Mars/Olympus&company=x,4,-1&type=party,travel&tickets=SOME&scheduleId=abc',
      ),
    );
    expect(state).toEqual({ ...defaultSchedulingState(), companyIds: [4], types: ['travel'] });
  });

  it('counts the filters set for the phone button', () => {
    expect(activeSchedulingFilters(defaultSchedulingState())).toBe(0);
    expect(
      activeSchedulingFilters({
        ...defaultSchedulingState(),
        companyIds: [1],
        tickets: 'WITHOUT_TICKETS',
        style: 'EU',
      }),
    ).toBe(2);
  });
});
