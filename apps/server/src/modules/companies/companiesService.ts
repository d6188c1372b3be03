import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { Company } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requireCompanyAccess, requirePermission } from '../../http/authorize.ts';
import { conflict, forbidden, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  countCompanyDependents,
  findCompany,
  insertCompany,
  listCompanies,
  lockCompany,
  updateCompany,
  type CompanyFields,
  type CompanyRow,
} from './companiesRepository.ts';
import { presentCompany } from './companyPresenter.ts';

export interface CompaniesDeps {
  db: Db;
  files: FileStore;
}

export const COMPANY_NOT_FOUND = 'Company not found.';

/**
 * The company a caller may change: 403 without companies:write at all, 404 when the grant does not reach it
 * or it is gone (a deleted company is history, not something to edit).
 */
export async function loadWritableCompany(
  db: DbOrTx,
  auth: AuthContext,
  companyId: number,
  lock?: 'update' | 'share',
): Promise<CompanyRow> {
  requireCompanyAccess(auth, 'companies:write', companyId, COMPANY_NOT_FOUND);
  const company = lock ? await lockCompany(db, companyId, lock) : await findCompany(db, companyId);
  if (!company || company.isDeleted) throw notFound(COMPANY_NOT_FOUND);
  return company;
}

/** The company a caller may read; deleted companies stay readable so that their history can be shown. */
export async function loadReadableCompany(
  db: DbOrTx,
  auth: AuthContext,
  companyId: number,
): Promise<CompanyRow> {
  requireCompanyAccess(auth, 'companies:read', companyId, COMPANY_NOT_FOUND);
  const company = await findCompany(db, companyId);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return company;
}

export async function createCompany(
  deps: CompaniesDeps,
  auth: AuthContext,
  fields: CompanyFields,
): Promise<Company> {
  requirePermission(auth, 'companies:write');
  // A new company is outside every listed grant by definition, so only an ALL grant can create one.
  if (companyScope(auth, 'companies:write') !== 'ALL') {
    throw forbidden('Creating a company needs the companies:write permission on every company.');
  }
  const company = await deps.db.transaction(async (tx) => {
    const created = await insertCompany(tx, fields);
    await recordEvent(tx, {
      name: 'companies.create',
      actorUserId: auth.user.userId,
      companyId: created.companyId,
      subjectType: 'company',
      subjectId: created.companyId,
      data: { ...fields },
    });
    return created;
  });
  return presentCompany(deps.files, company);
}

/** Only the fields that differ, as `{field: {from, to}}`: what the audit trail shows. */
function changedFields(
  before: CompanyRow,
  after: CompanyFields,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['name', 'netSuiteCustomerInternalId', 'subscription'] as const) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

export async function updateCompanyDetails(
  deps: CompaniesDeps,
  auth: AuthContext,
  companyId: number,
  fields: CompanyFields,
): Promise<Company> {
  const company = await deps.db.transaction(async (tx) => {
    const before = await loadWritableCompany(tx, auth, companyId, 'update');
    const changes = changedFields(before, fields);
    // Saving an unchanged form is not a change: no write, no audit entry.
    if (Object.keys(changes).length === 0) return before;
    const after = await updateCompany(tx, companyId, fields);
    await recordEvent(tx, {
      name: 'companies.update',
      actorUserId: auth.user.userId,
      companyId,
      subjectType: 'company',
      subjectId: companyId,
      data: { changes },
    });
    return after;
  });
  return presentCompany(deps.files, company);
}

export async function getCompany(
  deps: CompaniesDeps,
  auth: AuthContext,
  companyId: number,
): Promise<Company> {
  return presentCompany(deps.files, await loadReadableCompany(deps.db, auth, companyId));
}

export async function listCompaniesFor(
  deps: CompaniesDeps,
  auth: AuthContext,
  query: { companyIds?: number[] | undefined; includeDeleted?: boolean | undefined },
): Promise<Company[]> {
  requirePermission(auth, 'companies:read');
  const rows = await listCompanies(deps.db, {
    scope: companyScope(auth, 'companies:read'),
    companyIds: query.companyIds,
    includeDeleted: query.includeDeleted ?? false,
  });
  return Promise.all(rows.map((row) => presentCompany(deps.files, row)));
}

const plural = (n: number, word: string) => `${n} active ${word}${n === 1 ? '' : 's'}`;

/** Soft delete: the row stays for history and its users' audit trail; refused while anything still uses it. */
export async function deleteCompany(
  deps: CompaniesDeps,
  auth: AuthContext,
  companyId: number,
): Promise<{ ok: true }> {
  await deps.db.transaction(async (tx) => {
    // The row lock serialises with users.create, which holds the company row FOR SHARE while adding a user.
    await loadWritableCompany(tx, auth, companyId, 'update');
    if (companyId === PROVIDER_COMPANY_ID) throw conflict("The provider's own company cannot be deleted.");
    const { activeUsers, activeAssets } = await countCompanyDependents(tx, companyId);
    if (activeUsers > 0 || activeAssets > 0) {
      throw conflict(
        `This company still has ${plural(activeUsers, 'user')} and ${plural(activeAssets, 'asset')}. ` +
          'Delete or move them before deleting the company.',
      );
    }
    await updateCompany(tx, companyId, { isDeleted: true });
    await recordEvent(tx, {
      name: 'companies.delete',
      actorUserId: auth.user.userId,
      companyId,
      subjectType: 'company',
      subjectId: companyId,
      data: {},
    });
  });
  return { ok: true };
}
