import { Navigate, type RouteObject } from 'react-router';
import { sectionChecks } from './sectionChecks.ts';
import { sectionGroup, unavailableSection } from './sectionRoute.tsx';

const companies = { checks: sectionChecks.adminCompanies };
const users = { checks: sectionChecks.adminUsers };
const redirectTo = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

/** Administration under /user/admin; route ids are the spec's administration route names. */
export const adminRoutes: RouteObject[] = [
  redirectTo('companies'),
  { path: 'companies', ...unavailableSection('Companies', { id: 'adminCompaniesIndex', ...companies }) },
  {
    path: 'companies/:companyId',
    ...sectionGroup('Company', { id: 'adminCompany', ...companies }),
    children: [
      redirectTo('assets'),
      { path: 'assets', ...unavailableSection('Company assets', { id: 'adminCompanyAssetsView' }) },
      {
        path: 'assets/:assetId',
        ...sectionGroup('Company asset', { id: 'adminCompanyAsset' }),
        children: [
          redirectTo('assets'),
          { path: 'assets', ...unavailableSection('Asset children', { id: 'adminCompanyAssetAssets' }) },
          {
            path: 'monitoring',
            ...unavailableSection('Asset monitoring', { id: 'adminCompanyAssetMonitoring' }),
          },
          { path: 'users', ...unavailableSection('Asset users', { id: 'adminCompanyAssetUsers', ...users }) },
          { path: 'audit', ...unavailableSection('Asset audit', { id: 'adminCompanyAssetAudit' }) },
          { path: 'contract', ...unavailableSection('Asset contract', { id: 'adminCompanyAssetContract' }) },
          {
            path: 'warranties',
            ...unavailableSection('Asset warranties', { id: 'adminCompanyAssetWarranties' }),
          },
        ],
      },
      { path: 'monitorGroups', ...unavailableSection('Monitor groups', { id: 'adminMonitorGroupsView' }) },
      {
        path: 'monitorGroups/:monitorGroupId',
        ...unavailableSection('Monitor group', { id: 'adminCompanyMonitorGroup' }),
      },
      { path: 'users', ...unavailableSection('Company users', { id: 'adminCompanyUsersView', ...users }) },
      {
        path: 'users/:userId',
        ...sectionGroup('Company user', { id: 'adminCompanyUser', ...users }),
        children: [
          redirectTo('details'),
          { path: 'details', ...unavailableSection('User details', { id: 'userDetails' }) },
          { path: 'assets', ...unavailableSection('User assets', { id: 'userAssets' }) },
          { path: 'permissions', ...unavailableSection('User permissions', { id: 'userPermissions' }) },
        ],
      },
      { path: 'contracts', ...unavailableSection('Company contracts', { id: 'adminCompanyContractsView' }) },
      {
        path: 'contracts/:contractId',
        ...sectionGroup('Company contract', { id: 'adminCompanyContract' }),
        children: [
          redirectTo('details'),
          { path: 'details', ...unavailableSection('Contract details', { id: 'contractDetails' }) },
          { path: 'assets', ...unavailableSection('Contract assets', { id: 'contractAssets' }) },
        ],
      },
      {
        path: 'warranties',
        ...unavailableSection('Company warranties', { id: 'adminCompanyWarrantiesView' }),
      },
      {
        path: 'warranties/:warrantyId',
        ...sectionGroup('Company warranty', { id: 'adminCompanyWarranty' }),
        children: [
          redirectTo('details'),
          { path: 'details', ...unavailableSection('Warranty details', { id: 'warrantyDetails' }) },
          { path: 'assets', ...unavailableSection('Warranty assets', { id: 'warrantyAssets' }) },
        ],
      },
    ],
  },
];
