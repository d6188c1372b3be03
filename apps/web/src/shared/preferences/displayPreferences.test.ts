import { afterEach, describe, expect, it } from 'vitest';
import { maskAssetName, maskCompanyName } from '@kelvin/domain';
import { browserTimeZone } from '../formatting/dateTime.ts';
import {
  applyDisplayPreferences,
  demoModeOn,
  resetDisplayPreferences,
  userTimeZone,
  userUnitsProfile,
} from './displayPreferences.ts';
import { presentAssetName, presentCompanyName } from './names.ts';

afterEach(() => resetDisplayPreferences());

describe('the display preferences every screen reads', () => {
  it('follows the browser’s zone until the user chooses one', () => {
    expect(userTimeZone()).toBe(browserTimeZone());
    applyDisplayPreferences({ timeZoneId: 'Asia/Tokyo', unitsProfile: 'imperial', demoMode: true });
    expect(userTimeZone()).toBe('Asia/Tokyo');
    expect(userUnitsProfile()).toBe('imperial');
    expect(demoModeOn()).toBe(true);
    // An answer without the newer fields reads their defaults.
    applyDisplayPreferences({ colorScheme: 'dark' });
    expect(userTimeZone()).toBe(browserTimeZone());
    expect(userUnitsProfile()).toBe('metric');
  });

  it('presents real names, and under demo mode the same mask for the same record everywhere', () => {
    const site = { assetId: 12, assetTypeId: 1 };
    expect(presentCompanyName(3, 'Northwind Data')).toBe('Northwind Data');
    expect(presentAssetName(site, 'Frankfurt Campus')).toBe('Frankfurt Campus');
    applyDisplayPreferences({ demoMode: true });
    expect(presentCompanyName(3, 'Northwind Data')).toBe(maskCompanyName(3));
    expect(presentAssetName(site, 'Frankfurt Campus')).toBe(maskAssetName(site));
    // A ticket's list knows only the unit's id: it reads as the tree does.
    expect(presentAssetName({ assetId: 40 }, 'CRAH 7')).toBe(
      presentAssetName({ assetId: 40, assetTypeId: 4 }, 'CRAH 7'),
    );
  });
});
