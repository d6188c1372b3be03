import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSET_TYPE } from '../assets/assetTypes.ts';
import { maskAssetName, maskCompanyName, maskNumber } from './demoMask.ts';

describe('demo mode masks', () => {
  it('gives the same record the same mask every time, and says what kind it is', () => {
    expect(maskCompanyName(3)).toBe(maskCompanyName(3));
    expect(maskCompanyName(3)).toMatch(/^Company \d+$/);
    expect(maskAssetName({ assetId: 12, assetTypeId: ASSET_TYPE.site, type: 'Site' })).toMatch(/^Site \d+$/);
    expect(maskAssetName({ assetId: 12, assetTypeId: ASSET_TYPE.datahall, type: 'Datahall' })).toMatch(
      /^Data Hall \d+$/,
    );
    const crah = { assetId: 40, assetTypeId: ASSET_TYPE.unit, type: 'Computer Room Air Handler' };
    expect(maskAssetName(crah)).toMatch(/^CRAH-\d{2,}$/);
    expect(maskAssetName({ ...crah, type: 'Chiller' })).toMatch(/^CHIL-\d{2,}$/);
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

  it('shows nothing of the real name', () => {
    const mask = maskAssetName({ assetId: 7, assetTypeId: ASSET_TYPE.unit, type: 'CRAH' });
    expect(mask).not.toContain('Hall A');
    expect(mask.startsWith('CRAH-')).toBe(true);
  });
});
