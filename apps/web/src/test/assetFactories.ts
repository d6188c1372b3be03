import type { Asset, Company, User } from '@kelvin/contract';

/** An asset as the API answers it; `name` also becomes the name property, as the server keeps them in step. */
export function buildAsset(overrides: Partial<Asset> & Pick<Asset, 'assetId'>): Asset {
  const name = overrides.name ?? `Asset ${overrides.assetId}`;
  return {
    companyId: 2,
    buildingId: null,
    datahallId: null,
    parentAssetId: null,
    assetTypeId: 1,
    type: 'Site',
    name,
    aliasPrefix: null,
    isActive: true,
    isMonitored: true,
    monitorGroupId: null,
    thresholdGroupId: null,
    isSplitUnit: false,
    subscription: null,
    metadata: {},
    isDeleted: false,
    properties: [{ name: 'name', value: name, displayOrder: 0 }],
    ...overrides,
  };
}

export function buildCompany(overrides: Partial<Company> = {}): Company {
  return {
    companyId: 2,
    name: 'Acme Cooling',
    netSuiteCustomerInternalId: null,
    subscription: 'OBSERVABILITY',
    logoUrl: null,
    logoContentType: null,
    logoFilePath: null,
    isDeleted: false,
    ...overrides,
  };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    userId: 11,
    companyId: 2,
    identityId: 'kelvin|11',
    isSystem: false,
    name: 'Olga Operator',
    role: null,
    email: 'olga@example.com',
    primaryPhone: null,
    secondaryPhone: null,
    location: null,
    isDeleted: false,
    ...overrides,
  };
}

/** A small fleet: site > building > data hall > two units, and a second site. */
export function buildFleet(): Asset[] {
  return [
    buildAsset({ assetId: 1, name: 'Oslo Campus' }),
    buildAsset({ assetId: 2, name: 'Building A', parentAssetId: 1, assetTypeId: 2, type: 'Building' }),
    buildAsset({ assetId: 3, name: 'Hall 1', parentAssetId: 2, assetTypeId: 3, type: 'Datahall' }),
    buildAsset({ assetId: 4, name: 'CRAH 01', parentAssetId: 3, assetTypeId: 4, type: 'Unit' }),
    buildAsset({ assetId: 5, name: 'CRAH 02', parentAssetId: 3, assetTypeId: 4, type: 'Unit' }),
    buildAsset({ assetId: 6, name: 'Bergen Site' }),
  ];
}
