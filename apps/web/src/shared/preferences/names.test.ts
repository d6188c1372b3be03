import { afterEach, describe, expect, it } from 'vitest';
import { ASSET_TYPE } from '@kelvin/domain';
import { applyDisplayPreferences, resetDisplayPreferences } from './displayPreferences.ts';
import { maskFleetNames, maskRowAssetNames, presentCompanyName } from './names.ts';

afterEach(() => resetDisplayPreferences());

describe('demo-mode names', () => {
  it('masks the names the server joined into rows by the asset id, the same mask every time', () => {
    const rows = [
      { assetId: 40, assetName: 'CRAH 01', level: 'HIGH' },
      { assetId: 41, assetName: 'CRAH 02', level: 'LOW' },
    ];
    const masked = maskRowAssetNames(rows);
    expect(masked.map((row) => row.assetName)).not.toContain('CRAH 01');
    expect(masked[0]?.assetName).toMatch(/^Unit-\d+$/);
    expect(masked[0]?.assetName).not.toBe(masked[1]?.assetName);
    expect(maskRowAssetNames(rows)).toEqual(masked);
    expect(masked[1]?.level).toBe('LOW');
  });

  it('masks the fleet list by each asset type', () => {
    const masked = maskFleetNames([
      { assetId: 12, assetTypeId: ASSET_TYPE.site, name: 'Dallas North', companyId: 1 },
      { assetId: 40, assetTypeId: ASSET_TYPE.unit, name: 'CRAH 01', companyId: 1 },
    ]);
    expect(masked.map((asset) => asset.name)).toEqual([
      expect.stringMatching(/^Site \d+$/),
      expect.stringMatching(/^Unit-\d+$/),
    ]);
  });

  it('shows a company by its name until demo mode is on', () => {
    expect(presentCompanyName(3, 'Northwind Data Centers')).toBe('Northwind Data Centers');
    applyDisplayPreferences({
      colorScheme: 'system',
      timeZoneId: null,
      unitsProfile: 'metric',
      demoMode: true,
    });
    expect(presentCompanyName(3, 'Northwind Data Centers')).toMatch(/^Company \d+$/);
  });
});
