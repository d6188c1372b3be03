import { describe, expect, it } from 'vitest';
import {
  NO_TIME_ENTRY_FILTERS,
  parseTimeEntriesState,
  writeTimeEntriesState,
} from './timeEntriesPageState.ts';

describe('time entries page state in the address', () => {
  it('writes only what differs from the defaults and reads it back', () => {
    const state = {
      filters: { ...NO_TIME_ENTRY_FILTERS, userIds: ['7', '9'], laborCodeValues: ['3'], from: '2026-11-01' },
      page: 2,
      sort: { property: 'duration', direction: 'ASC' as const },
    };
    const params = writeTimeEntriesState(state);
    expect(params.toString()).toBe('user=7%2C9&labor=3&from=2026-11-01&sort=duration.asc&page=3');
    expect(parseTimeEntriesState(params)).toEqual(state);
    expect(writeTimeEntriesState(parseTimeEntriesState(new URLSearchParams())).toString()).toBe('');
  });

  it('leaves out whatever in a hand-made address is not well formed', () => {
    const parsed = parseTimeEntriesState(
      new URLSearchParams(
        'user=abc,5,5,0&labor=-1,x&company=2;drop&from=2026-13&to=tomorrow&sort=bogus.asc&page=-3',
      ),
    );
    expect(parsed).toEqual({
      filters: { ...NO_TIME_ENTRY_FILTERS, userIds: ['5'], laborCodeValues: ['-1'] },
      page: 0,
      sort: undefined,
    });
    expect(parseTimeEntriesState(new URLSearchParams('sort=date.up')).sort).toBeUndefined();
  });
});
