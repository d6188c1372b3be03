import { coverageEndpoints as endpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { getAssetCoverage } from './assetCoverageGet.ts';
import type { Clock } from './coverageAccess.ts';
import {
  createContract,
  deleteContract,
  listContracts,
  setContractAssets,
  updateContract,
} from './contractsService.ts';
import { createWarranty, deleteWarranty, listWarranties, updateWarranty } from './warrantiesService.ts';

/** Contracts and warranties: their lists, details and assets, and what covers an asset on a date. */
export function registerCoverageRoutes({ db, route }: RouteContext, clock: Clock = () => new Date()): void {
  route(endpoints.warrantiesList, ({ auth, body }) => listWarranties(db, clock, auth, body));
  route(endpoints.warrantiesCreate, ({ auth, body }) => createWarranty(db, clock, auth, body));
  route(endpoints.warrantiesUpdate, ({ auth, body }) => updateWarranty(db, clock, auth, body));
  route(endpoints.warrantiesDelete, ({ auth, body }) => deleteWarranty(db, auth, body));
  route(endpoints.contractsList, ({ auth, body }) => listContracts(db, clock, auth, body));
  route(endpoints.contractsCreate, ({ auth, body }) => createContract(db, clock, auth, body));
  route(endpoints.contractsUpdate, ({ auth, body }) => updateContract(db, clock, auth, body));
  route(endpoints.contractsAssetsSet, ({ auth, body }) => setContractAssets(db, clock, auth, body));
  route(endpoints.contractsDelete, ({ auth, body }) => deleteContract(db, auth, body));
  route(endpoints.assetsCoverageGet, ({ auth, body }) => getAssetCoverage(db, clock, auth, body));
}
