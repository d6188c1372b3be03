import { describe, expect, it } from 'vitest';
import { defaultDiagnoseView, newGroup } from './diagnoseView.ts';
import {
  addGroup,
  effectiveAggregation,
  removeGroup,
  renameGroup,
  setAliasAggregation,
  setGroupAliases,
  setGroupOption,
  setLayout,
} from './groupEdits.ts';

const byDefault = (alias: string) => (alias.startsWith('mode') ? 'MAX' : 'AVERAGE');

describe('editing diagnose groups', () => {
  it('adds a group below the rest with an id of its own, and removes it with its layout item', () => {
    const once = addGroup(defaultDiagnoseView(), 'chart');
    const twice = addGroup(once, 'chart');
    expect(twice.groups.map((group) => group.id)).toEqual(['alert-gantt', 'metrics', 'chart-1', 'chart-2']);
    expect(twice.layout.at(-1)).toEqual({ i: 'chart-2', x: 0, y: 23, w: 12, h: 9, minH: 4 });
    const removed = removeGroup(twice, 'chart-1');
    expect(removed.groups.map((group) => group.id)).toEqual(['alert-gantt', 'metrics', 'chart-2']);
    expect(removed.layout.map((item) => item.i)).toEqual(['alert-gantt', 'metrics', 'chart-2']);
    expect(addGroup(removed, 'table').groups.at(-1)).toMatchObject({ id: 'table-1', name: 'Table' });
  });

  it('renames a group, but not to nothing', () => {
    const view = renameGroup(defaultDiagnoseView(), 'metrics', '  Temperatures ');
    expect(view.groups[1]?.name).toBe('Temperatures');
    expect(renameGroup(view, 'metrics', '   ')).toBe(view);
  });

  it('keeps the aggregation of aliases a group keeps and gives new ones their default', () => {
    let view = setGroupAliases(defaultDiagnoseView(), 'metrics', ['temp', 'mode'], byDefault);
    expect(view.groups[1]?.aliasToAggregationFunction).toEqual({ temp: 'AVERAGE', mode: 'MAX' });
    view = setAliasAggregation(view, 'metrics', 'temp', 'MIN');
    view = setGroupAliases(view, 'metrics', ['temp', 'fan'], byDefault);
    expect(view.groups[1]?.aliasToAggregationFunction).toEqual({ temp: 'MIN', fan: 'AVERAGE' });
    expect(setAliasAggregation(view, 'metrics', 'gone', 'MAX').groups[1]).toEqual(view.groups[1]);
  });

  it('switches raw data and stacked charts per group', () => {
    const view = setGroupOption(defaultDiagnoseView(), 'metrics', 'showStackedCharts', true);
    expect(view.groups[1]?.showStackedCharts).toBe(true);
    expect(view.groups[0]?.showStackedCharts).toBe(false);
  });

  it("keeps only the spec's layout fields and items of groups that exist", () => {
    // What react-grid-layout hands back carries fields of its own.
    const fromGrid = { i: 'metrics', x: 0, y: 0, w: 6, h: 10, minH: 4, moved: false, static: false };
    const moved = setLayout(defaultDiagnoseView(), [
      fromGrid,
      { i: 'nobody', x: 0, y: 0, w: 6, h: 10, minH: 4 },
    ]);
    expect(moved.layout).toEqual([{ i: 'metrics', x: 0, y: 0, w: 6, h: 10, minH: 4 }]);
  });
});

describe('effectiveAggregation', () => {
  const group = {
    ...newGroup('g', 'chart', 'G', ['a', 'b']),
    aliasToAggregationFunction: { a: 'MAX', b: 'RAW' } as const,
  };

  it('asks RAW for a group showing raw data within 24 hours, and the own aggregation past them', () => {
    const raw = { ...group, showRawData: true };
    expect(effectiveAggregation(raw, 'a', true)).toBe('RAW');
    expect(effectiveAggregation(raw, 'a', false)).toBe('MAX');
  });

  it('falls back from a per-alias RAW to AVERAGE past 24 hours', () => {
    expect(effectiveAggregation(group, 'b', true)).toBe('RAW');
    expect(effectiveAggregation(group, 'b', false)).toBe('AVERAGE');
    expect(effectiveAggregation(group, 'missing', true)).toBe('AVERAGE');
  });
});
