import { describe, expect, it } from 'vitest';
import { formatCalendarDate, parseIdList, yesNo } from './coverageLabels.ts';

describe('coverage labels', () => {
  it('reads a JSON list of ids from the route, and nothing else', () => {
    expect(parseIdList('[3,1,3]')).toEqual([3, 1]);
    expect(parseIdList('[7]')).toEqual([7]);
    for (const bad of [undefined, '7', '[]', '["7"]', '[1.5]', '[-1]', 'not json', '{"a":1}', '[1,null]'])
      expect(parseIdList(bad)).toBeNull();
  });

  it('shows dates as MM/dd/yyyy and samples as Yes/No', () => {
    expect(formatCalendarDate('2025-03-01')).toBe('03/01/2025');
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
  });
});
