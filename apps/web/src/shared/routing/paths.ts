/** Absolute paths of the administration screens, for links between them. */
export const adminPaths = {
  companies: () => '/user/admin/companies',
  company: (companyId: number) => `/user/admin/companies/${companyId}`,
  companyAssets: (companyId: number) => `/user/admin/companies/${companyId}/assets`,
  companyAsset: (companyId: number, assetId: number) =>
    `/user/admin/companies/${companyId}/assets/${assetId}`,
  companyUsers: (companyId: number) => `/user/admin/companies/${companyId}/users`,
  companyUser: (companyId: number, userId: number) => `/user/admin/companies/${companyId}/users/${userId}`,
};

/** The device area's asset tabs. */
export const devicePaths = {
  device: (assetId: number) => `/user/devices/${assetId}`,
  assetTab: (assetId: number, tab: string) => `/user/devices/${assetId}/assets/${tab}`,
};
