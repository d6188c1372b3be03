import { describe, expect, it } from 'vitest';
import { commaSeparatedIds, dbId, idParam } from './common.ts';

describe('id schemas', () => {
  it('accept ids up to the PostgreSQL integer limit and refuse larger ones', () => {
    expect(idParam.parse('2147483647')).toBe(2_147_483_647);
    expect(idParam.safeParse('3000000000').success).toBe(false);
    expect(idParam.parse(12)).toBe(12);
    for (const text of [' 1', '1 ', '1e3', '0x1F', '1.0', '-1', '0', '', 'NaN', 'Infinity']) {
      expect(idParam.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
    expect(dbId.safeParse(2_147_483_648).success).toBe(false);
    expect(dbId.safeParse(0).success).toBe(false);
  });

  it('split comma-joined ids and refuse out-of-range or malformed lists', () => {
    expect(commaSeparatedIds.parse('1,2,30')).toEqual([1, 2, 30]);
    expect(commaSeparatedIds.safeParse('1,3000000000').success).toBe(false);
    expect(commaSeparatedIds.safeParse('1,,2').success).toBe(false);
    expect(commaSeparatedIds.safeParse('1,a').success).toBe(false);
  });
});
