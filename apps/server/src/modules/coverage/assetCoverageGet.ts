import type { BodyOf, coverageEndpoints } from '@kelvin/contract';
import { calendarDateIn, CONTRACT_TIME_ZONE, coverageLabelOf, isDateWithin } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, scopeIncludes } from '../../http/authorize.ts';
import type { Db } from '../../platform/db/database.ts';
import { loadVisibleAsset } from '../assets/assetsService.ts';
import { type Clock, CONTRACTS_READ, WARRANTIES_READ } from './coverageAccess.ts';
import { presentContract, presentWarranty } from './coveragePresenter.ts';
import { findContracts, findWarranties } from './coverageRepository.ts';

/**
 * `assets.coverage.get`: what covers an asset the caller sees on a day. With a date, that day is compared as it is
 * with every contract's and warranty's dates (a day is a day in each one's own calendar); without one, today
 * (UTC for contracts, each warranty's zone for it). Contracts need contracts:read and warranties warranties:read on
 * the asset's company; a caller holding only one sees only that kind.
 */
export async function getAssetCoverage(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<(typeof coverageEndpoints)['assetsCoverageGet']>,
) {
  // The asset is asked about through contracts:read, or warranties:read for a caller holding only that.
  const contractScope = companyScope(auth, CONTRACTS_READ);
  const holdsContracts = contractScope === 'ALL' || contractScope.length > 0;
  const asset = await loadVisibleAsset(
    db,
    auth,
    holdsContracts ? CONTRACTS_READ : WARRANTIES_READ,
    body.assetId,
  );
  const now = clock();
  const reach = (permission: string) => scopeIncludes(companyScope(auth, permission), asset.companyId);
  const contracts = reach(CONTRACTS_READ)
    ? await findContracts(db, { companyIds: [asset.companyId], assetIds: [asset.assetId] })
    : [];
  const { views: warranties } = reach(WARRANTIES_READ)
    ? await findWarranties(db, { companyIds: [asset.companyId], assetIds: [asset.assetId] })
    : { views: [] };
  const contractDay = body.date ?? calendarDateIn(now, CONTRACT_TIME_ZONE);
  const activeContracts = contracts
    .filter(({ row }) => isDateWithin(contractDay, row.startDate, row.endDate))
    .map((view) => presentContract(view, now));
  const activeWarranties = warranties
    .filter(({ row }) =>
      isDateWithin(body.date ?? calendarDateIn(now, row.timeZoneId), row.startDate, row.endDate),
    )
    .map((view) => presentWarranty(view, now));
  const label = coverageLabelOf({ contracts: activeContracts, warranties: activeWarranties });
  return {
    assetId: asset.assetId,
    date: contractDay,
    contracts: activeContracts,
    warranties: activeWarranties,
    label: label === 'Contract' || label === 'Warranty' ? label : ('No Coverage' as const),
  };
}
