import { registerMultipartEndpoint } from '../../http/multipartEndpoint.ts';
import { LOGO_MAX_BYTES, contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  createCompany,
  deleteCompany,
  getCompany,
  listCompaniesFor,
  updateCompanyDetails,
} from './companiesService.ts';
import { deleteCompanyLogo, getCompanyLogoUrl, updateCompanyLogo } from './companyLogoService.ts';

export function registerCompaniesRoutes(context: RouteContext): void {
  const { route, db, files } = context;
  const deps = { db, files };
  route(contract.companiesCreate, ({ auth, body }) => createCompany(deps, auth, body));
  route(contract.companiesPost, ({ auth, body }) => createCompany(deps, auth, body));
  route(contract.companiesUpdate, ({ auth, body: { companyId, ...fields } }) =>
    updateCompanyDetails(deps, auth, companyId, fields),
  );
  route(contract.companiesPut, ({ auth, params, body }) =>
    updateCompanyDetails(deps, auth, params.companyId, body),
  );
  route(contract.companiesList, ({ auth, query }) => listCompaniesFor(deps, auth, query));
  route(contract.companiesGet, ({ auth, params }) => getCompany(deps, auth, params.companyId));
  route(contract.companiesDelete, ({ auth, params }) => deleteCompany(deps, auth, params.companyId));
  route(contract.companiesGetLogoS3SignedUrl, ({ auth, body }) =>
    getCompanyLogoUrl(deps, auth, body.companyId),
  );
  route(contract.companiesDeleteLogo, ({ auth, body }) => deleteCompanyLogo(deps, auth, body.companyId));
  registerMultipartEndpoint(
    context.app,
    context.authenticators,
    contract.companiesUpdateLogo,
    { fileField: 'upload', maxFileBytes: LOGO_MAX_BYTES },
    ({ auth, body }, upload) => updateCompanyLogo(deps, auth, body.companyId, upload),
  );
}
