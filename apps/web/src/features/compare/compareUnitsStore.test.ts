import { describe, expect, it } from 'vitest';
import { compareLinkQuery, parseCompareLink } from './compareLink.ts';
import {
  makeReference,
  MAX_COMPARE_METRICS,
  MAX_COMPARE_UNITS,
  restoreCompareState,
  toggleCompareUnit,
} from './compareUnitsStore.ts';

const upTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('restoreCompareState', () => {
  it('starts empty over the last hour', () => {
    expect(restoreCompareState(undefined)).toEqual({
      assetIds: [],
      metricIds: [],
      range: { kind: 'relative', label: 'Last 1 Hour' },
    });
  });

  it('keeps what is valid of saved state and drops the rest', () => {
    const restored = restoreCompareState({
      assetIds: [4, 4, '5', -1, 1.5, 6],
      metricIds: 'all',
      range: { kind: 'absolute', from: 2000, to: 1000 },
    });
    expect(restored).toEqual({
      assetIds: [4, 6],
      metricIds: [],
      range: { kind: 'relative', label: 'Last 1 Hour' },
    });
    expect(restoreCompareState({ range: { kind: 'relative', label: 'Last 24 Hours' } }).range).toEqual({
      kind: 'relative',
      label: 'Last 24 Hours',
    });
    expect(restoreCompareState({ range: { kind: 'absolute', from: 1000, to: 2000 } }).range).toEqual({
      kind: 'absolute',
      from: 1000,
      to: 2000,
    });
  });

  it('holds no more than the limits', () => {
    const restored = restoreCompareState({ assetIds: upTo(20), metricIds: upTo(50) });
    expect(restored.assetIds).toHaveLength(MAX_COMPARE_UNITS);
    expect(restored.metricIds).toHaveLength(MAX_COMPARE_METRICS);
  });
});

describe('toggleCompareUnit and makeReference', () => {
  it('adds units at the end and takes them out', () => {
    expect(toggleCompareUnit([4, 5], 6)).toEqual({ assetIds: [4, 5, 6] });
    expect(toggleCompareUnit([4, 5, 6], 4)).toEqual({ assetIds: [5, 6] });
  });

  it('refuses a thirteenth unit with a message, and still takes one out', () => {
    const full = upTo(MAX_COMPARE_UNITS);
    expect(toggleCompareUnit(full, 99)).toEqual({ refused: 'At most 12 units are compared together.' });
    expect(toggleCompareUnit(full, 3)).toEqual({ assetIds: full.filter((id) => id !== 3) });
  });

  it('moves the new reference first and keeps the others’ order', () => {
    expect(makeReference([4, 5, 6], 6)).toEqual([6, 4, 5]);
    expect(makeReference([4, 5, 6], 9)).toEqual([4, 5, 6]);
  });
});

describe('compare links', () => {
  it('reads units and metrics from the query, ignoring what is not an id', () => {
    expect(parseCompareLink(new URLSearchParams('assetIds=4, 5,x,5,-2,0&metricIds=7'))).toEqual({
      assetIds: [4, 5],
      metricIds: [7],
      unitsNamed: 2,
    });
    expect(parseCompareLink(new URLSearchParams('assetIds=4,5'))).toEqual({
      assetIds: [4, 5],
      unitsNamed: 2,
    });
    expect(parseCompareLink(new URLSearchParams('metricIds=7'))).toEqual({ metricIds: [7], unitsNamed: 0 });
    expect(parseCompareLink(new URLSearchParams('other=1'))).toBeNull();
  });

  it('keeps the first twelve units of a longer link and says it was too long', () => {
    const link = parseCompareLink(new URLSearchParams(`assetIds=${upTo(14).join(',')}`));
    expect(link?.assetIds).toEqual(upTo(MAX_COMPARE_UNITS));
    expect(link?.unitsNamed).toBe(14);
  });

  it('writes the query a link opens again', () => {
    const query = compareLinkQuery({ assetIds: [4, 5], metricIds: [7, 8] });
    expect(query).toBe('assetIds=4,5&metricIds=7,8');
    expect(parseCompareLink(new URLSearchParams(query))).toEqual({
      assetIds: [4, 5],
      metricIds: [7, 8],
      unitsNamed: 2,
    });
    expect(compareLinkQuery({ assetIds: [], metricIds: [] })).toBe('');
  });
});
