import type { BodyOf, coverageEndpoints } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, scopeIncludes } from '../../http/authorize.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { loadVisibleAsset } from '../assets/assetsService.ts';
import { type Clock, CONTRACTS_READ, WARRANTIES_READ } from './coverageAccess.ts';
import { calendarDateIn, CONTRACT_TIME_ZONE, coverageLabelOf, coverageOn, isDateWithin } from './coverageDomain.ts';
import { presentContract, presentWarranty } from './coveragePresenter.ts';
import { coverageLinksOf, findContracts, findWarranties } from './coverageRepository.ts';

/** What covers one asset, as tickets and assets show it. */
export interface AssetCoverageSummary {
  contracts: { contractId: number; label: string; coversParts: boolean }[];
  warranties: { warrantyId: number; label: string }[];
  label: 'Contract' | 'Warranty' | 'No Coverage';
}

/**
 * What covers each asset at a moment (a ticket's creation, or now): the contracts active that UTC day and the
 * warranties active that day in their own zones. Every asset asked about has an entry, 'No Coverage' when bare.
 * It reads no permissions: callers present it with the asset (a ticket or asset the caller already may read).
 */
export async function coverageOfAssets(
  db: DbOrTx,
  assetIds: readonly number[],
  at: Date,
): Promise<Map<number, AssetCoverageSummary>> {
  const { contractLinks, warrantyLinks } = await coverageLinksOf(db, assetIds);
  const result = new Map<number, AssetCoverageSummary>();
  for (const assetId of assetIds) {
    const covered = coverageOn(
      at,
      contractLinks.filter((link) => link.assetId === assetId).map((link) => link.contract),
      warrantyLinks.filter((link) => link.assetId === assetId).map((link) => link.warranty),
    );
    result.set(assetId, {
      contracts: covered.contracts.map(({ contractId, label, coversParts }) => ({ contractId, label, coversParts })),
      warranties: covered.warranties.map(({ warrantyId, label }) => ({ warrantyId, label })),
      label: covered.label === 'Contract' || covered.label === 'Warranty' ? covered.label : 'No Coverage',
    });
  }
  return result;
}

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
  const asset = await loadVisibleAsset(db, auth, holdsContracts ? CONTRACTS_READ : WARRANTIES_READ, body.assetId);
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
    .filter(({ row }) => isDateWithin(body.date ?? calendarDateIn(now, row.timeZoneId), row.startDate, row.endDate))
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

/** An asset's coverage as the asset model carries it (platform-core: assetId, contracts, warranties). */
export interface AssetModelCoverage {
  assetId: number;
  contracts: { contractId: number; label: string }[];
  warranties: { warrantyId: number; label: string }[];
}

/**
 * The asset model's `coverage` (every contract and warranty that covers or covered each asset) and
 * `activeCoverage` (those active at `at`), for the assets presenter's includeCoverage.
 */
export async function assetModelCoverage(
  db: DbOrTx,
  assetIds: readonly number[],
  at: Date,
): Promise<Map<number, { coverage: AssetModelCoverage; activeCoverage: AssetModelCoverage }>> {
  const { contractLinks, warrantyLinks } = await coverageLinksOf(db, assetIds);
  const active = await coverageOfAssets(db, assetIds, at);
  const result = new Map<number, { coverage: AssetModelCoverage; activeCoverage: AssetModelCoverage }>();
  for (const assetId of assetIds) {
    const now = active.get(assetId);
    result.set(assetId, {
      coverage: {
        assetId,
        contracts: contractLinks
          .filter((link) => link.assetId === assetId)
          .map(({ contract }) => ({ contractId: contract.contractId, label: contract.label }))
          .sort((a, b) => a.contractId - b.contractId),
        warranties: warrantyLinks
          .filter((link) => link.assetId === assetId)
          .map(({ warranty }) => ({ warrantyId: warranty.warrantyId, label: warranty.label }))
          .sort((a, b) => a.warrantyId - b.warrantyId),
      },
      activeCoverage: {
        assetId,
        contracts: (now?.contracts ?? []).map(({ contractId, label }) => ({ contractId, label })),
        warranties: now?.warranties ?? [],
      },
    });
  }
  return result;
}
