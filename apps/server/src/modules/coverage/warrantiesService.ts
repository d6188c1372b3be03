import { eq } from 'drizzle-orm';
import type { BodyOf, coverageEndpoints, Warranty } from '@kelvin/contract';
import { WARRANTY_PAGE_SIZE } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { badField, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { warranties } from '../../platform/db/coverageSchema.ts';
import { auditFor } from '../events/recordEvent.ts';
import {
  type Clock,
  readableCompanies,
  requireCompanyAssets,
  requireWrite,
  WARRANTIES_READ,
  WARRANTIES_WRITE,
  WARRANTY_NOT_FOUND,
} from './coverageAccess.ts';
import { DurationError } from '@kelvin/domain';
import { addDurationToDate } from '@kelvin/domain';
import { presentWarranty } from './coveragePresenter.ts';
import { findWarranties, replaceWarrantyAssets } from './coverageRepository.ts';

type Endpoints = typeof coverageEndpoints;
type WarrantyBody = BodyOf<Endpoints['warrantiesCreate']>;

export async function listWarranties(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['warrantiesList']>,
) {
  const companyIds = readableCompanies(auth, WARRANTIES_READ, body.companyIds);
  const pageSize = body.pageableQuery?.pageSize ?? WARRANTY_PAGE_SIZE;
  const pageNumber = body.pageableQuery?.pageNumber ?? 0;
  const { views, total } = await findWarranties(
    db,
    { companyIds, ids: body.warrantyIds, assetIds: body.assetIds },
    { limit: pageSize, offset: pageSize * pageNumber },
  );
  const now = clock();
  return {
    content: views.map((view) => {
      const warranty = presentWarranty(view, now);
      return { warranty, warrantyCompanyName: view.companyName, formValues: warranty.formValues };
    }),
    pageable: { totalSize: total, pageSize, pageNumber },
  };
}

async function presentById(db: DbOrTx, warrantyId: number, now: Date): Promise<Warranty> {
  const { views } = await findWarranties(db, { companyIds: null, ids: [warrantyId] });
  const [view] = views;
  if (!view) throw notFound(WARRANTY_NOT_FOUND);
  return presentWarranty(view, now);
}

/** The end date, start + duration (both days of the warranty's own calendar); a bad duration is a 400. */
function endDateOf(body: Pick<WarrantyBody, 'startDate' | 'duration'>): string {
  try {
    return addDurationToDate(body.startDate, body.duration);
  } catch (error) {
    if (error instanceof DurationError) throw badField('body.duration', error.message);
    throw error;
  }
}

function fieldsOf(body: WarrantyBody) {
  return {
    label: body.label,
    duration: body.duration,
    startDate: body.startDate,
    endDate: endDateOf(body),
    isSample: body.isSample,
    timeZoneId: body.timeZoneId,
    ...(body.startKind === undefined ? {} : { startKind: body.startKind }),
  };
}

const event = auditFor('warranty', (row: { warrantyId: number; companyId: number }) => row.warrantyId);

export function createWarranty(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: WarrantyBody,
): Promise<Warranty> {
  requireWrite(auth, WARRANTIES_WRITE, body.companyId, 'Company not found.');
  const fields = fieldsOf(body);
  const now = clock();
  return db.transaction(async (tx) => {
    await requireCompanyAssets(tx, body.companyId, body.assetIds, 'warranty');
    const [row] = await tx
      .insert(warranties)
      .values({
        companyId: body.companyId,
        ...fields,
        createdBy: auth.user.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('warranty not inserted');
    await replaceWarrantyAssets(tx, row.warrantyId, body.assetIds);
    await event(tx, auth, 'warranties.create', row, { ...fields, assetIds: body.assetIds });
    return presentById(tx, row.warrantyId, now);
  });
}

/** The warranty, locked, after checking the caller writes its company (a missing one and another's are 404). */
async function writableWarranty(tx: DbOrTx, auth: AuthContext, warrantyId: number) {
  const [row] = await tx.select().from(warranties).where(eq(warranties.warrantyId, warrantyId)).for('update');
  if (!row) {
    requirePermission(auth, WARRANTIES_WRITE);
    throw notFound(WARRANTY_NOT_FOUND);
  }
  requireWrite(auth, WARRANTIES_WRITE, row.companyId, WARRANTY_NOT_FOUND);
  return row;
}

export function updateWarranty(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['warrantiesUpdate']>,
): Promise<Warranty> {
  const fields = fieldsOf(body);
  const now = clock();
  return db.transaction(async (tx) => {
    const before = await writableWarranty(tx, auth, body.warrantyId);
    if (body.companyId !== before.companyId)
      throw badField(
        'body.companyId',
        "A warranty's company cannot change: create one for the other company.",
      );
    await requireCompanyAssets(tx, before.companyId, body.assetIds, 'warranty');
    await tx
      .update(warranties)
      .set({ ...fields, updatedAt: now })
      .where(eq(warranties.warrantyId, before.warrantyId));
    await replaceWarrantyAssets(tx, before.warrantyId, body.assetIds);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['label', 'duration', 'startDate', 'endDate', 'isSample', 'timeZoneId'] as const) {
      if (before[key] !== fields[key]) changes[key] = { from: before[key], to: fields[key] };
    }
    await event(tx, auth, 'warranties.update', before, { changes, assetIds: body.assetIds });
    return presentById(tx, before.warrantyId, now);
  });
}

export function deleteWarranty(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['warrantiesDelete']>,
): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const before = await writableWarranty(tx, auth, body.warrantyId);
    await tx.delete(warranties).where(eq(warranties.warrantyId, before.warrantyId));
    await event(tx, auth, 'warranties.delete', before, { label: before.label });
    return { ok: true as const };
  });
}
