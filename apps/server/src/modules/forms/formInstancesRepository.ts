import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { typedFormValueSchema, type OutputOf, type contract } from '@kelvin/contract';
import { formatIsoDuration, type TypedFormValue } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { formInstances, formTimeEntries, formValues } from '../../platform/db/formsSchema.ts';
import { users } from '../../platform/db/schema.ts';

export type FormInstanceRow = typeof formInstances.$inferSelect;
type InstanceValues = OutputOf<typeof contract.formsUpdateValues>;
type InstanceMetadata = OutputOf<typeof contract.formsListMetadata>['content'][number];

/** A stored value read back through the contract's schema: a row edited by hand is dropped rather than sent. */
export function storedValue(raw: unknown): TypedFormValue | null {
  const parsed = typedFormValueSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The filled form of (form, ticket, asset), locked for the write when `forUpdate`. */
export async function findInstance(
  db: DbOrTx,
  key: { formId: number; entityId: number; assetId: number },
  forUpdate = false,
): Promise<FormInstanceRow | undefined> {
  const query = db
    .select()
    .from(formInstances)
    .where(
      and(
        eq(formInstances.formId, key.formId),
        eq(formInstances.entityType, 'TICKET'),
        eq(formInstances.entityId, key.entityId),
        eq(formInstances.assetId, key.assetId),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The filled forms of a ticket, by the given forms and assets (undefined: any), oldest first. */
export function instancesOfTicket(
  db: DbOrTx,
  ticketId: number,
  filter: {
    formIds?: readonly number[] | undefined;
    assetIds: readonly number[];
    formScope?: SQL | undefined;
  },
): Promise<FormInstanceRow[]> {
  if (filter.assetIds.length === 0 || filter.formIds?.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(formInstances)
    .where(
      and(
        eq(formInstances.entityType, 'TICKET'),
        eq(formInstances.entityId, ticketId),
        inArray(formInstances.assetId, [...filter.assetIds]),
        filter.formIds === undefined ? undefined : inArray(formInstances.formId, [...filter.formIds]),
        filter.formScope,
      ),
    )
    .orderBy(asc(formInstances.formId), asc(formInstances.assetId));
}

export async function valuesOf(db: DbOrTx, instanceIds: readonly number[]) {
  if (instanceIds.length === 0) return [];
  return db
    .select()
    .from(formValues)
    .where(inArray(formValues.formInstanceId, [...instanceIds]))
    .orderBy(asc(formValues.formInstanceId), asc(formValues.formElementDefAssociationId));
}

export async function timeEntriesOf(db: DbOrTx, instanceIds: readonly number[]) {
  if (instanceIds.length === 0) return [];
  return db
    .select()
    .from(formTimeEntries)
    .where(inArray(formTimeEntries.formInstanceId, [...instanceIds]))
    .orderBy(asc(formTimeEntries.formInstanceId), asc(formTimeEntries.startTimestamp));
}

async function namesOf(db: DbOrTx, userIds: readonly (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.userId, name: users.name })
    .from(users)
    .where(inArray(users.userId, ids));
  return new Map(rows.map((row) => [row.userId, row.name]));
}

/** Metadata of filled forms as the spec's shape: completion, version, timer periods, who saved last. */
export async function presentMetadata(
  db: DbOrTx,
  rows: readonly FormInstanceRow[],
): Promise<InstanceMetadata[]> {
  const ids = rows.map((row) => row.formInstanceId);
  const [periods, names] = await Promise.all([
    timeEntriesOf(db, ids),
    namesOf(
      db,
      rows.map((row) => row.updatedBy),
    ),
  ]);
  return rows.map((row) => ({
    formId: row.formId,
    entityType: 'TICKET' as const,
    entityId: row.entityId,
    assetId: row.assetId,
    isFormCompleted: row.isFormCompleted,
    formVersion: row.formVersion,
    formTimeTracker: periods
      .filter((period) => period.formInstanceId === row.formInstanceId)
      .map((period) => ({
        startTimestamp: period.startTimestamp.toISOString(),
        elapsedDuration: formatIsoDuration(period.elapsedMs),
      })),
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedBy === null ? null : (names.get(row.updatedBy) ?? null),
  }));
}

/** Filled forms with their values. */
export async function presentInstances(
  db: DbOrTx,
  rows: readonly FormInstanceRow[],
): Promise<InstanceValues[]> {
  const [metadata, values] = await Promise.all([
    presentMetadata(db, rows),
    valuesOf(
      db,
      rows.map((row) => row.formInstanceId),
    ),
  ]);
  return rows.map((row, index) => {
    const meta = metadata[index];
    if (!meta) throw new Error('metadata missing');
    return {
      ...meta,
      formValues: values
        .filter((value) => value.formInstanceId === row.formInstanceId)
        .map((value) => ({
          formElementDefAssociationId: value.formElementDefAssociationId,
          formElementDefId: value.formElementDefId,
          formId: row.formId,
          value: storedValue(value.value),
        })),
    };
  });
}
