import { Navigate, type RouteObject } from 'react-router';
import { formEditorChecks } from '../../features/forms/editor/formEditorAccess.ts';
import { sectionChecks } from './sectionChecks.ts';
import { laterSection, lazySection, sectionGroup } from './sectionRoute.tsx';

const companies = { checks: sectionChecks.adminCompanies };
const users = { checks: sectionChecks.adminUsers };
const assets = { checks: sectionChecks.adminAssets };
const monitorGroups = { checks: sectionChecks.adminMonitorGroups };
const formEditor = { checks: formEditorChecks };
const redirectTo = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

const adminFeature = {
  companiesIndex: async () =>
    (await import('../../features/companies/CompaniesIndexPage.tsx')).CompaniesIndexPage,
  company: async () => (await import('../../features/companies/CompanyPage.tsx')).CompanyPage,
  assetsView: async () => (await import('../../features/admin/CompanyAssetsPage.tsx')).CompanyAssetsPage,
  asset: async () => (await import('../../features/admin/CompanyAssetPage.tsx')).CompanyAssetPage,
  assetChildren: async () => (await import('../../features/admin/AssetChildrenTab.tsx')).AssetChildrenTab,
  assetMonitoring: async () =>
    (await import('../../features/admin/AssetMonitoringTab.tsx')).AssetMonitoringTab,
  assetUsers: async () => (await import('../../features/admin/AdminAssetTabs.tsx')).AdminAssetUsersTab,
  assetAudit: async () => (await import('../../features/admin/AdminAssetTabs.tsx')).AdminAssetAuditTab,
  monitorGroupsView: async () =>
    (await import('../../features/monitorGroups/MonitorGroupsPage.tsx')).MonitorGroupsPage,
  monitorGroup: async () =>
    (await import('../../features/monitorGroups/MonitorGroupPage.tsx')).MonitorGroupPage,
  usersView: async () => (await import('../../features/users/CompanyUsersPage.tsx')).CompanyUsersPage,
  user: async () => (await import('../../features/users/UserPage.tsx')).UserPage,
  userDetails: async () => (await import('../../features/users/UserDetailsTab.tsx')).UserDetailsTab,
  userAssets: async () => (await import('../../features/users/UserAssetsTab.tsx')).UserAssetsTab,
  userPermissions: async () =>
    (await import('../../features/users/UserPermissionsTab.tsx')).UserPermissionsTab,
  formsView: async () => (await import('../../features/forms/editor/FormListPage.tsx')).FormListPage,
  formEditor: async () => (await import('../../features/forms/editor/FormEditorPage.tsx')).FormEditorPage,
};

/** Administration under /user/admin; route ids are the spec's administration route names. */
export const adminRoutes: RouteObject[] = [
  redirectTo('companies'),
  // The form editor (issue 23): the provider's checklist definitions; formId 'new' for a form not saved yet.
  { path: 'forms', ...lazySection('Forms', adminFeature.formsView, { id: 'adminFormsView', ...formEditor }) },
  {
    path: 'forms/:formId',
    ...lazySection('Form editor', adminFeature.formEditor, { id: 'adminFormEditor', ...formEditor }),
  },
  {
    path: 'companies',
    ...lazySection('Companies', adminFeature.companiesIndex, { id: 'adminCompaniesIndex', ...companies }),
  },
  {
    path: 'companies/:companyId',
    ...lazySection('Company', adminFeature.company, { id: 'adminCompany', ...companies }),
    children: [
      redirectTo('assets'),
      {
        path: 'assets',
        ...lazySection('Company assets', adminFeature.assetsView, {
          id: 'adminCompanyAssetsView',
          ...assets,
        }),
      },
      {
        path: 'assets/:assetId',
        ...lazySection('Company asset', adminFeature.asset, { id: 'adminCompanyAsset', ...assets }),
        children: [
          redirectTo('assets'),
          {
            path: 'assets',
            ...lazySection('Asset children', adminFeature.assetChildren, { id: 'adminCompanyAssetAssets' }),
          },
          {
            path: 'monitoring',
            ...lazySection('Asset monitoring', adminFeature.assetMonitoring, {
              id: 'adminCompanyAssetMonitoring',
            }),
          },
          {
            path: 'users',
            ...lazySection('Asset users', adminFeature.assetUsers, {
              id: 'adminCompanyAssetUsers',
              ...users,
            }),
          },
          {
            path: 'audit',
            ...lazySection('Asset audit', adminFeature.assetAudit, { id: 'adminCompanyAssetAudit' }),
          },
          { path: 'contract', ...laterSection('Asset contract', { id: 'adminCompanyAssetContract' }) },
          { path: 'warranties', ...laterSection('Asset warranties', { id: 'adminCompanyAssetWarranties' }) },
        ],
      },
      {
        path: 'monitorGroups',
        ...lazySection('Monitor groups', adminFeature.monitorGroupsView, {
          id: 'adminMonitorGroupsView',
          ...monitorGroups,
        }),
      },
      {
        path: 'monitorGroups/:monitorGroupId',
        ...lazySection('Monitor group', adminFeature.monitorGroup, {
          id: 'adminCompanyMonitorGroup',
          ...monitorGroups,
        }),
      },
      {
        path: 'users',
        ...lazySection('Company users', adminFeature.usersView, { id: 'adminCompanyUsersView', ...users }),
      },
      {
        path: 'users/:userId',
        ...lazySection('Company user', adminFeature.user, { id: 'adminCompanyUser', ...users }),
        children: [
          redirectTo('details'),
          {
            path: 'details',
            ...lazySection('User details', adminFeature.userDetails, { id: 'userDetails' }),
          },
          { path: 'assets', ...lazySection('User assets', adminFeature.userAssets, { id: 'userAssets' }) },
          {
            path: 'permissions',
            ...lazySection('User permissions', adminFeature.userPermissions, { id: 'userPermissions' }),
          },
        ],
      },
      { path: 'contracts', ...laterSection('Company contracts', { id: 'adminCompanyContractsView' }) },
      {
        path: 'contracts/:contractId',
        ...sectionGroup('Company contract', { id: 'adminCompanyContract' }),
        children: [
          redirectTo('details'),
          { path: 'details', ...laterSection('Contract details', { id: 'contractDetails' }) },
          { path: 'assets', ...laterSection('Contract assets', { id: 'contractAssets' }) },
        ],
      },
      { path: 'warranties', ...laterSection('Company warranties', { id: 'adminCompanyWarrantiesView' }) },
      {
        path: 'warranties/:warrantyId',
        ...sectionGroup('Company warranty', { id: 'adminCompanyWarranty' }),
        children: [
          redirectTo('details'),
          { path: 'details', ...laterSection('Warranty details', { id: 'warrantyDetails' }) },
          { path: 'assets', ...laterSection('Warranty assets', { id: 'warrantyAssets' }) },
        ],
      },
    ],
  },
];
