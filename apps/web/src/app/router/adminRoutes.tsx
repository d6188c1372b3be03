import { Navigate, type RouteObject } from 'react-router';
import { formEditorChecks } from '../../features/forms/editor/formEditorAccess.ts';
import { sectionChecks } from './sectionChecks.ts';
import { lazySection } from './sectionRoute.tsx';

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

const coverageFeature = {
  contractsView: async () =>
    (await import('../../features/coverage/CompanyContractsPage.tsx')).CompanyContractsPage,
  contract: async () => (await import('../../features/coverage/ContractPage.tsx')).ContractPage,
  contractDetails: async () => (await import('../../features/coverage/ContractTabs.tsx')).ContractDetailsTab,
  contractAssets: async () => (await import('../../features/coverage/ContractTabs.tsx')).ContractAssetsTab,
  warrantiesView: async () =>
    (await import('../../features/coverage/CompanyWarrantiesPage.tsx')).CompanyWarrantiesPage,
  warranty: async () => (await import('../../features/coverage/WarrantyPage.tsx')).WarrantyPage,
  warrantyDetails: async () => (await import('../../features/coverage/WarrantyPage.tsx')).WarrantyDetailsTab,
  warrantyAssets: async () => (await import('../../features/coverage/WarrantyPage.tsx')).WarrantyAssetsTab,
  assetContracts: async () =>
    (await import('../../features/coverage/AssetCoverageTabs.tsx')).AssetContractsTab,
  assetWarranties: async () =>
    (await import('../../features/coverage/AssetCoverageTabs.tsx')).AssetWarrantiesTab,
};
/** Every role reads contracts and warranties of the companies it reaches; writing them is checked per company. */
const contractsRead = { checks: [{ permission: 'contracts:read' }] };
const warrantiesRead = { checks: [{ permission: 'warranties:read' }] };

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
          {
            path: 'contract',
            ...lazySection('Asset contract', coverageFeature.assetContracts, {
              id: 'adminCompanyAssetContract',
              ...contractsRead,
            }),
          },
          {
            path: 'warranties',
            ...lazySection('Asset warranties', coverageFeature.assetWarranties, {
              id: 'adminCompanyAssetWarranties',
              ...warrantiesRead,
            }),
          },
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
      {
        path: 'contracts',
        ...lazySection('Company contracts', coverageFeature.contractsView, {
          id: 'adminCompanyContractsView',
          ...contractsRead,
        }),
      },
      {
        path: 'contracts/:contractId',
        ...lazySection('Company contract', coverageFeature.contract, {
          id: 'adminCompanyContract',
          ...contractsRead,
        }),
        children: [
          redirectTo('details'),
          {
            path: 'details',
            ...lazySection('Contract details', coverageFeature.contractDetails, { id: 'contractDetails' }),
          },
          {
            path: 'assets',
            ...lazySection('Contract assets', coverageFeature.contractAssets, { id: 'contractAssets' }),
          },
        ],
      },
      {
        path: 'warranties',
        ...lazySection('Company warranties', coverageFeature.warrantiesView, {
          id: 'adminCompanyWarrantiesView',
          ...warrantiesRead,
        }),
      },
      {
        path: 'warranties/:warrantyId',
        ...lazySection('Company warranty', coverageFeature.warranty, {
          id: 'adminCompanyWarranty',
          ...warrantiesRead,
        }),
        children: [
          redirectTo('details'),
          {
            path: 'details',
            ...lazySection('Warranty details', coverageFeature.warrantyDetails, { id: 'warrantyDetails' }),
          },
          {
            path: 'assets',
            ...lazySection('Warranty assets', coverageFeature.warrantyAssets, { id: 'warrantyAssets' }),
          },
        ],
      },
    ],
  },
];
