import { eq } from 'drizzle-orm';
import type { BodyOf, coverageEndpoints, ServiceContract } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { contracts } from '../../platform/db/coverageSchema.ts';
import { auditFor } from '../events/recordEvent.ts';
import {
  type Clock,
  CONTRACT_NOT_FOUND,
  CONTRACTS_READ,
  CONTRACTS_WRITE,
  readableCompanies,
  requireCompanyAssets,
  requireWrite,
} from './coverageAccess.ts';
import { presentContract } from './coveragePresenter.ts';
import { findContracts, replaceContractAssets } from './coverageRepository.ts';

type Endpoints = typeof coverageEndpoints;

export async function listContracts(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['contractsList']>,
): Promise<{ content: ServiceContract[] }> {
  const companyIds = readableCompanies(auth, CONTRACTS_READ, body.companyIds);
  const views = await findContracts(db, { companyIds, ids: body.contractIds, assetIds: body.assetIds });
  const now = clock();
  return { content: views.map((view) => presentContract(view, now)) };
}

async function presentById(db: DbOrTx, contractId: number, now: Date): Promise<ServiceContract> {
  const [view] = await findContracts(db, { companyIds: null, ids: [contractId] });
  if (!view) throw notFound(CONTRACT_NOT_FOUND);
  return presentContract(view, now);
}

/** The contract, locked, after checking the caller writes its company (a missing one and another's are 404). */
async function writableContract(tx: DbOrTx, auth: AuthContext, contractId: number) {
  const [row] = await tx.select().from(contracts).where(eq(contracts.contractId, contractId)).for('update');
  if (!row) {
    requirePermission(auth, CONTRACTS_WRITE);
    throw notFound(CONTRACT_NOT_FOUND);
  }
  requireWrite(auth, CONTRACTS_WRITE, row.companyId, CONTRACT_NOT_FOUND);
  return row;
}

const event = auditFor('contract', (row: { contractId: number; companyId: number }) => row.contractId);

const EDITABLE = ['label', 'managedStatus', 'paymentStatus', 'startDate', 'endDate', 'coversParts'] as const;

/** The fields an update changes, each with its value before and after (the audit event's `changes`). */
function changedFields(
  before: Pick<typeof contracts.$inferSelect, (typeof EDITABLE)[number]>,
  after: Pick<typeof contracts.$inferSelect, (typeof EDITABLE)[number]>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of EDITABLE) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

export function createContract(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['contractsCreate']>,
): Promise<ServiceContract> {
  requireWrite(auth, CONTRACTS_WRITE, body.companyId, 'Company not found.');
  const now = clock();
  return db.transaction(async (tx) => {
    await requireCompanyAssets(tx, body.companyId, body.assetIds, 'contract');
    const [row] = await tx
      .insert(contracts)
      .values({
        companyId: body.companyId,
        label: body.label,
        managedStatus: body.managedStatus,
        paymentStatus: body.paymentStatus,
        startDate: body.startDate,
        endDate: body.endDate,
        coversParts: body.coversParts,
        createdBy: auth.user.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('contract not inserted');
    await replaceContractAssets(tx, row.contractId, body.assetIds);
    const { companyId: _companyId, ...fields } = body;
    await event(tx, auth, 'contracts.create', row, fields);
    return presentById(tx, row.contractId, now);
  });
}

export function updateContract(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['contractsUpdate']>,
): Promise<ServiceContract> {
  const now = clock();
  return db.transaction(async (tx) => {
    const before = await writableContract(tx, auth, body.contractId);
    const { contractId, ...fields } = body;
    const changes = changedFields(before, fields);
    if (Object.keys(changes).length === 0) return presentById(tx, contractId, now);
    await tx
      .update(contracts)
      .set({ ...fields, updatedAt: now })
      .where(eq(contracts.contractId, contractId));
    await event(tx, auth, 'contracts.update', before, { changes });
    return presentById(tx, contractId, now);
  });
}

export function setContractAssets(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['contractsAssetsSet']>,
): Promise<ServiceContract> {
  const now = clock();
  return db.transaction(async (tx) => {
    const before = await writableContract(tx, auth, body.contractId);
    await requireCompanyAssets(tx, before.companyId, body.assetIds, 'contract');
    await replaceContractAssets(tx, before.contractId, body.assetIds);
    await tx.update(contracts).set({ updatedAt: now }).where(eq(contracts.contractId, before.contractId));
    await event(tx, auth, 'contracts.assets.set', before, { assetIds: body.assetIds });
    return presentById(tx, before.contractId, now);
  });
}

export function deleteContract(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['contractsDelete']>,
): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const before = await writableContract(tx, auth, body.contractId);
    await tx.delete(contracts).where(eq(contracts.contractId, before.contractId));
    await event(tx, auth, 'contracts.delete', before, { label: before.label });
    return { ok: true as const };
  });
}
