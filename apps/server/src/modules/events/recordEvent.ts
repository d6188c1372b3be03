import type { DbOrTx } from '../../platform/db/database.ts';
import { events } from '../../platform/db/schema.ts';

export interface EventInput {
  /** `<subject>.<verb>`, e.g. `users.create`. */
  name: string;
  actorUserId: number | null;
  companyId: number | null;
  subjectType: string;
  subjectId: string | number;
  data?: Record<string, unknown>;
}

/** Records one audit event. Call it with the write's transaction so both commit or neither does. */
export async function recordEvent(tx: DbOrTx, event: EventInput): Promise<void> {
  await tx.insert(events).values({
    name: event.name,
    actorUserId: event.actorUserId,
    companyId: event.companyId,
    subjectType: event.subjectType,
    subjectId: String(event.subjectId),
    data: event.data ?? {},
  });
}

/**
 * The audit recorder of one kind of company-owned subject, as a service records its writes:
 * `const event = auditFor('contract', (row: { contractId: number; companyId: number }) => row.contractId)`, then
 * `event(tx, auth, 'contracts.update', row, { changes })`.
 */
export function auditFor<Row extends { companyId: number }>(
  subjectType: string,
  subjectIdOf: (row: Row) => number,
) {
  return (
    tx: DbOrTx,
    auth: { user: { userId: number } },
    name: string,
    row: Row,
    data: Record<string, unknown>,
  ): Promise<void> =>
    recordEvent(tx, {
      name,
      actorUserId: auth.user.userId,
      companyId: row.companyId,
      subjectType,
      subjectId: subjectIdOf(row),
      data,
    });
}
