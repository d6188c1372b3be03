import { coverageOn } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { coverageLinksOf } from './coverageRepository.ts';

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
      contracts: covered.contracts.map(({ contractId, label, coversParts }) => ({
        contractId,
        label,
        coversParts,
      })),
      warranties: covered.warranties.map(({ warrantyId, label }) => ({ warrantyId, label })),
      label: covered.label === 'Contract' || covered.label === 'Warranty' ? covered.label : 'No Coverage',
    });
  }
  return result;
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
