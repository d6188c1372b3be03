import { z } from 'zod';
import type { AuditEvent } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { requireAssetAccess } from '../access/assetAccess.ts';
import { loadReadableCompany } from '../companies/companiesService.ts';
import { getUser } from '../users/userAdminService.ts';
import {
  findAssetOwner,
  listSubjectEvents,
  type AuditEventRow,
  type AuditSubjectType,
} from './auditRepository.ts';

const eventData = z.record(z.string(), z.unknown()).catch({});

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    eventId: row.eventId,
    name: row.name,
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    companyId: row.companyId,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    data: eventData.parse(row.data),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Reading a subject's trail needs reading the subject: companies:read on the company, users:read on the
 * user's company, assets:read and the asset in the caller's view. Anything out of reach is a 404.
 */
async function authorizeSubject(
  db: DbOrTx,
  auth: AuthContext,
  type: AuditSubjectType,
  id: number,
): Promise<void> {
  switch (type) {
    case 'company':
      await loadReadableCompany(db, auth, id);
      return;
    case 'user':
      await getUser(db, auth, id);
      return;
    case 'asset':
      requirePermission(auth, 'assets:read');
      await requireAssetAccess(db, auth, 'assets:read', await findAssetOwner(db, id));
      return;
  }
}

export async function listAuditEvents(
  db: DbOrTx,
  auth: AuthContext,
  query: { subjectType: AuditSubjectType; subjectId: number; pageSize: number; pageNumber: number },
): Promise<{ content: AuditEvent[]; pageable: { totalSize: number; pageSize: number; pageNumber: number } }> {
  await authorizeSubject(db, auth, query.subjectType, query.subjectId);
  const { rows, totalSize } = await listSubjectEvents(
    db,
    { type: query.subjectType, id: query.subjectId },
    { pageSize: query.pageSize, pageNumber: query.pageNumber },
  );
  return {
    content: rows.map(presentAuditEvent),
    pageable: { totalSize, pageSize: query.pageSize, pageNumber: query.pageNumber },
  };
}
