import { describe, expect, it } from 'vitest';
import {
  parseCompanyIds,
  parseFormExplorerState,
  timeWindowOf,
  writeFormExplorerState,
} from './formExplorerState.ts';

describe('form explorer state', () => {
  it('parses company filter values as integers, dropping what is not a whole positive number', () => {
    expect(parseCompanyIds(['3', '12', '3', '4.5', 'x', '-2', '0', '7abc'])).toEqual([3, 12, 4, 7]);
  });

  it('applies the date window only when From is before To, covering the whole last day', () => {
    expect(timeWindowOf('2026-11-01', '2026-11-03')).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 4).toISOString(),
    });
    expect(timeWindowOf('2026-11-01', '2026-11-01')).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 2).toISOString(),
    });
    expect(timeWindowOf('2026-11-03', '2026-11-01')).toBeUndefined();
    expect(timeWindowOf('2026-11-03', '')).toBeUndefined();
    expect(timeWindowOf('', '2026-11-03')).toBeUndefined();
  });

  it('keeps filters, sort and page in the address and reads them back; defaults leave it bare', () => {
    const state = {
      companyIds: [3, 2],
      from: '2026-11-01',
      to: '2026-11-30',
      page: 2,
      sort: { property: 'form_type', direction: 'ASC' as const },
    };
    const params = writeFormExplorerState(state);
    expect(params.toString()).toBe('company=3%2C2&from=2026-11-01&to=2026-11-30&sort=form_type.asc&page=3');
    expect(parseFormExplorerState(params)).toEqual(state);
    const bare = parseFormExplorerState(new URLSearchParams());
    expect(bare).toEqual({
      companyIds: null,
      from: '',
      to: '',
      page: 0,
      sort: { property: 'date', direction: 'DESC' },
    });
    expect(writeFormExplorerState(bare).toString()).toBe('');
    expect(parseFormExplorerState(new URLSearchParams('company=none')).companyIds).toEqual([]);
    expect(parseFormExplorerState(new URLSearchParams('from=nope&sort=secret.asc&page=-4'))).toEqual(bare);
  });
});
