import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSET_TYPE } from '../assets/assetTypes.ts';
import { maskAssetName, maskCompanyName, maskNumber } from './demoMask.ts';

describe('demo mode masks', () => {
  it('gives the same record the same mask every time, and says what kind it is', () => {
    expect(maskCompanyName(3)).toBe(maskCompanyName(3));
    expect(maskCompanyName(3)).toMatch(/^Company \d+$/);
    expect(maskAssetName({ assetId: 12, assetTypeId: ASSET_TYPE.site })).toMatch(/^Site \d+$/);
    expect(maskAssetName({ assetId: 12, assetTypeId: ASSET_TYPE.datahall })).toMatch(/^Data Hall \d+$/);
    const crah = { assetId: 40, assetTypeId: ASSET_TYPE.unit, type: 'Computer Room Air Handler' };
    expect(maskAssetName(crah)).toMatch(/^Unit-\d{2,}$/);
    // A list that knows only the id (a ticket's units) gives the unit the same mask as the tree.
    expect(maskAssetName({ assetId: 40 })).toBe(maskAssetName(crah));
  });

  it('never gives two ids the same number', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.nat({ max: 10_000_000 }), (a, b) => {
        if (a !== b) expect(maskNumber(a)).not.toBe(maskNumber(b));
      }),
    );
    const seen = new Set<number>();
    for (let id = 0; id < 30_000; id++) seen.add(maskNumber(id));
    expect(seen.size).toBe(30_000);
  });

  it('is the id alone, not the name', () => {
    const mask = maskAssetName({ assetId: 7, assetTypeId: ASSET_TYPE.unit });
    expect(mask).toBe(`Unit-${maskNumber(7)}`);
  });
});
