import { describe, expect, it } from 'vitest';
import type { SharedView } from '@kelvin/contract';
import { defaultLogsFilter } from './deviceLogsStore.ts';
import { logsViewData, readLogsView, selectLogsView, type LogsSelection } from './logsView.ts';

const NOW = Date.UTC(2025, 5, 1, 12);
const user = { userId: 7, companyId: 2 };

function sharedView(data: Record<string, unknown>, overrides: Partial<SharedView> = {}): SharedView {
  return {
    sharedViewId: 40,
    externalId: '5f0c6a52-8f7e-4f4e-9d59-2a3d6f1b9c11',
    creatorId: 7,
    creatorName: 'Ada Operator',
    companyId: 2,
    name: 'Alarms only',
    description: '',
    type: 'PERSONAL',
    context: 'LOGS',
    schema: 'v1',
    isDeleted: false,
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    data,
    ...overrides,
  };
}

const current: LogsSelection = {
  selectedViewId: null,
  filter: { ...defaultLogsFilter(NOW), search: 'old' },
  includes: { includeTimeRange: false, includeAssets: false },
};

describe('logs shared views', () => {
  it('reads stored data leniently: unknown levels, odd types and missing fields fall back', () => {
    expect(readLogsView({ levels: ['ERROR', 'LOUD', 3], sources: ['modbus', null], search: 7 })).toEqual({
      rangeDisplay: 'Last 1 Hour',
      fromDate: null,
      toDate: null,
      levels: ['ERROR'],
      sources: ['modbus'],
      search: '',
      includeTimeRange: false,
      includeAssets: false,
      assetId: null,
    });
  });

  it('round-trips a filter, with the unit only when the view includes it', () => {
    const filter = { ...current.filter, levels: ['WARN' as const], sources: ['agent'], search: 'timeout' };
    const data = logsViewData(filter, { includeTimeRange: true, includeAssets: false, assetId: 9 });
    expect(data.assetId).toBeNull();
    const { selection, assetId } = selectLogsView(current, sharedView({ ...data }), user, NOW + 60_000);
    expect(assetId).toBeNull();
    expect(selection.selectedViewId).toBe(40);
    // A relative range opens from now.
    expect(selection.filter).toEqual({
      ...filter,
      range: { from: NOW + 60_000 - 3_600_000, to: NOW + 60_000 },
    });
  });

  it('keeps the screen’s range when the view has none, and opens another user’s personal view as a draft', () => {
    const view = sharedView(
      { levels: ['FATAL'], includeAssets: true, assetId: 12, rangeDisplay: 'Last 7 Days' },
      { creatorId: 99 },
    );
    const { selection, assetId } = selectLogsView(current, view, user, NOW);
    expect(selection.selectedViewId).toBeNull();
    expect(selection.filter.range).toEqual(current.filter.range);
    expect(selection.filter.levels).toEqual(['FATAL']);
    expect(selection.filter.search).toBe('');
    expect(assetId).toBe(12);
    expect(selection.includes).toEqual({ includeTimeRange: false, includeAssets: true });
  });

  it('opens a saved custom range as it was saved', () => {
    const view = sharedView({
      includeTimeRange: true,
      rangeDisplay: 'Custom',
      fromDate: '2025-05-01T00:00:00.000Z',
      toDate: '2025-05-02T00:00:00.000Z',
    });
    const { selection } = selectLogsView(current, view, user, NOW);
    expect(selection.filter.rangeDisplay).toBe('Custom');
    expect(selection.filter.range).toEqual({ from: Date.UTC(2025, 4, 1), to: Date.UTC(2025, 4, 2) });
  });
});
