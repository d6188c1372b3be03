import { describe, expect, it } from 'vitest';
import { ASSET_TYPE, isSplitUnit } from './assetTypes.ts';
import { ALLOWED_PARENT_TYPES, placementError, placementRule, wouldCreateCycle } from './hierarchy.ts';

const { site, building, datahall, unit, agent, splitUnit, makeUpAirUnit } = ASSET_TYPE;

describe('asset hierarchy', () => {
  it.each([
    [site, null],
    [makeUpAirUnit, null],
    [building, site],
    [datahall, building],
    [splitUnit, datahall],
    [unit, datahall],
    [unit, splitUnit],
    [agent, datahall],
    [agent, splitUnit],
  ])('allows type %s under %s', (child, parent) => {
    expect(placementError(child, parent)).toBeNull();
  });

  it.each([
    [site, building, 'A site must be placed directly under its company.'],
    [makeUpAirUnit, datahall, 'A make-up-air unit must be placed directly under its company.'],
    [building, null, 'A building must be placed under a site.'],
    [datahall, site, 'A data hall must be placed under a building.'],
    [splitUnit, splitUnit, 'A split unit must be placed under a data hall.'],
    [unit, building, 'A unit must be placed under a data hall or a split unit.'],
    [unit, unit, 'A unit must be placed under a data hall or a split unit.'],
    [agent, null, 'An agent must be placed under a data hall or a split unit.'],
  ])('refuses type %s under %s with a clear message', (child, parent, message) => {
    expect(placementError(child, parent)).toBe(message);
  });

  it('refuses unknown types and parents of unknown types', () => {
    expect(placementError(99, datahall)).toBe('Asset type 99 has no place in the hierarchy.');
    expect(placementError(unit, 99)).toBe(placementRule(unit));
  });

  it('has a rule for every known type', () => {
    expect(
      Object.keys(ALLOWED_PARENT_TYPES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 61, 67, 70]);
  });

  it('detects moves under the asset itself or a descendant', () => {
    expect(wouldCreateCycle(5, 5, [])).toBe(true);
    expect(wouldCreateCycle(5, 9, [7, 5, 1])).toBe(true);
    expect(wouldCreateCycle(5, 9, [7, 1])).toBe(false);
    expect(wouldCreateCycle(5, null, [])).toBe(false);
  });

  it('flags split units by type id only', () => {
    expect(isSplitUnit(67)).toBe(true);
    expect(isSplitUnit(4)).toBe(false);
  });
});
