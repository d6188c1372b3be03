import { and, asc, count, desc, eq, gte, inArray, lte, sum, type SQL } from 'drizzle-orm';
import type { TimeEntryFilter, TimeEntrySortProperty } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { companies, users } from '../../platform/db/schema.ts';
import { tickets, timeEntries } from '../../platform/db/ticketsSchema.ts';
import { ticketAccessCondition, type TicketVisibility } from './ticketAccess.ts';

/** A time entry with what a screen names it by: its ticket, company and author. */
export interface TimeEntryRow {
  timeEntryId: number;
  ticketId: number;
  userId: number;
  laborCodeValue: number;
  description: string;
  date: string;
  durationMinutes: number;
  createdAt: Date;
  updatedAt: Date;
  ticketTitle: string;
  ticketIsFrozen: boolean;
  companyId: number;
  companyName: string;
  userName: string;
}

const columns = {
  timeEntryId: timeEntries.timeEntryId,
  ticketId: timeEntries.ticketId,
  userId: timeEntries.userId,
  laborCodeValue: timeEntries.laborCodeValue,
  description: timeEntries.description,
  date: timeEntries.date,
  durationMinutes: timeEntries.durationMinutes,
  createdAt: timeEntries.createdAt,
  updatedAt: timeEntries.updatedAt,
  ticketTitle: tickets.title,
  ticketIsFrozen: tickets.isFrozen,
  companyId: tickets.companyId,
  companyName: companies.name,
  userName: users.name,
};

/** Which entries a caller may see: those of the tickets they may read (ticketAccess.ticketAccessCondition). */
export type EntryScope = TicketVisibility;

function scopeCondition(scope: EntryScope): SQL | undefined {
  return ticketAccessCondition(scope);
}

const listOf = <T>(values: readonly T[] | undefined): T[] | undefined =>
  values === undefined || values.length === 0 ? undefined : [...values];

function filterCondition(filter: TimeEntryFilter): SQL | undefined {
  const userIds = listOf(filter.userIds);
  const ticketIds = listOf(filter.ticketIds);
  const companyIds = listOf(filter.companyIds);
  const laborCodes = listOf(filter.laborCodeValues);
  return and(
    userIds && inArray(timeEntries.userId, userIds),
    ticketIds && inArray(timeEntries.ticketId, ticketIds),
    companyIds && inArray(tickets.companyId, companyIds),
    laborCodes && inArray(timeEntries.laborCodeValue, laborCodes),
    filter.dateRange && gte(timeEntries.date, filter.dateRange.from),
    filter.dateRange && lte(timeEntries.date, filter.dateRange.to),
  );
}

const SORT_COLUMNS = {
  date: timeEntries.date,
  duration: timeEntries.durationMinutes,
  user_name: users.name,
  ticket_id: timeEntries.ticketId,
  company_name: companies.name,
  labor_code: timeEntries.laborCodeValue,
  created_at: timeEntries.createdAt,
} as const satisfies Record<TimeEntrySortProperty, unknown>;

export interface EntrySort {
  property: TimeEntrySortProperty;
  direction: 'ASC' | 'DESC';
}

/** The sort asked, then the newest first so that pages are stable. */
function orderOf(sort: readonly EntrySort[]): SQL[] {
  const asked = sort.map(({ property, direction }) =>
    direction === 'ASC' ? asc(SORT_COLUMNS[property]) : desc(SORT_COLUMNS[property]),
  );
  return [...asked, desc(timeEntries.date), desc(timeEntries.timeEntryId)];
}

function selectEntries(db: DbOrTx) {
  return db
    .select(columns)
    .from(timeEntries)
    .innerJoin(tickets, eq(tickets.ticketId, timeEntries.ticketId))
    .innerJoin(companies, eq(companies.companyId, tickets.companyId))
    .innerJoin(users, eq(users.userId, timeEntries.userId));
}

/** One page of the entries the scope and filter allow, in the sort asked. */
export function pageOfEntries(
  db: DbOrTx,
  scope: EntryScope,
  filter: TimeEntryFilter,
  page: { sort: readonly EntrySort[]; pageSize: number; pageNumber: number },
): Promise<TimeEntryRow[]> {
  return selectEntries(db)
    .where(and(scopeCondition(scope), filterCondition(filter)))
    .orderBy(...orderOf(page.sort))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
}

/** How many entries and minutes the whole filtered set holds (the grid's total size and its totals). */
export async function totalsOfEntries(
  db: DbOrTx,
  scope: EntryScope,
  filter: TimeEntryFilter,
): Promise<{ entries: number; minutes: number }> {
  const [row] = await db
    .select({ entries: count(), minutes: sum(timeEntries.durationMinutes).mapWith(Number) })
    .from(timeEntries)
    .innerJoin(tickets, eq(tickets.ticketId, timeEntries.ticketId))
    .where(and(scopeCondition(scope), filterCondition(filter)));
  return { entries: row?.entries ?? 0, minutes: row?.minutes ?? 0 };
}

/** Every entry of the filter in batches of `batchSize`, for the CSV export (which counts them first and caps them). */
export async function* allEntries(
  db: DbOrTx,
  scope: EntryScope,
  filter: TimeEntryFilter,
  sort: readonly EntrySort[],
  batchSize = 1000,
): AsyncGenerator<TimeEntryRow[]> {
  for (let pageNumber = 0; ; pageNumber++) {
    const rows = await pageOfEntries(db, scope, filter, { sort, pageSize: batchSize, pageNumber });
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}

/** The entries of one ticket, newest first. */
export function entriesOfTicket(db: DbOrTx, ticketId: number): Promise<TimeEntryRow[]> {
  return selectEntries(db)
    .where(eq(timeEntries.ticketId, ticketId))
    .orderBy(desc(timeEntries.date), desc(timeEntries.timeEntryId));
}

/** The caller's own entries on tickets they may still see, newest first, within optional dates. */
export function entriesOfUser(
  db: DbOrTx,
  scope: EntryScope,
  userId: number,
  range: { from?: string; to?: string },
): Promise<TimeEntryRow[]> {
  return selectEntries(db)
    .where(
      and(
        eq(timeEntries.userId, userId),
        scopeCondition(scope),
        range.from === undefined ? undefined : gte(timeEntries.date, range.from),
        range.to === undefined ? undefined : lte(timeEntries.date, range.to),
      ),
    )
    .orderBy(desc(timeEntries.date), desc(timeEntries.timeEntryId))
    .limit(5000);
}

export async function findEntry(db: DbOrTx, timeEntryId: number): Promise<TimeEntryRow | undefined> {
  const [row] = await selectEntries(db).where(eq(timeEntries.timeEntryId, timeEntryId));
  return row;
}

/**
 * Locks an entry's row (only it, not the rows joined to present it) and says which ticket it is on now. Taken after
 * its tickets' locks (writableTickets): tickets first, then their rows, the one order every ticket write keeps.
 */
export async function lockEntry(tx: DbOrTx, timeEntryId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ ticketId: timeEntries.ticketId })
    .from(timeEntries)
    .where(eq(timeEntries.timeEntryId, timeEntryId))
    .for('update');
  return row?.ticketId;
}

export type EntryValues = Pick<
  typeof timeEntries.$inferInsert,
  'ticketId' | 'laborCodeValue' | 'description' | 'date' | 'durationMinutes'
>;

export async function insertEntry(db: DbOrTx, userId: number, values: EntryValues): Promise<number> {
  const [row] = await db
    .insert(timeEntries)
    .values({ ...values, userId })
    .returning({ timeEntryId: timeEntries.timeEntryId });
  if (!row) throw new Error('time entry not inserted');
  return row.timeEntryId;
}

export async function updateEntry(db: DbOrTx, timeEntryId: number, values: EntryValues): Promise<void> {
  await db
    .update(timeEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(timeEntries.timeEntryId, timeEntryId));
}

export async function deleteEntry(db: DbOrTx, timeEntryId: number): Promise<void> {
  await db.delete(timeEntries).where(eq(timeEntries.timeEntryId, timeEntryId));
}

const OPTION_LIMIT = 500;

/** The people, tickets and companies with entries the scope allows, for the list's filters. */
export async function entryFilterOptions(db: DbOrTx, scope: EntryScope) {
  const within = scopeCondition(scope);
  const [people, ticketRows, companyRows] = await Promise.all([
    db
      .selectDistinct({ userId: users.userId, name: users.name })
      .from(timeEntries)
      .innerJoin(tickets, eq(tickets.ticketId, timeEntries.ticketId))
      .innerJoin(users, eq(users.userId, timeEntries.userId))
      .where(within)
      .orderBy(users.name, users.userId)
      .limit(OPTION_LIMIT),
    db
      .selectDistinct({ ticketId: tickets.ticketId, title: tickets.title })
      .from(timeEntries)
      .innerJoin(tickets, eq(tickets.ticketId, timeEntries.ticketId))
      .where(within)
      .orderBy(desc(tickets.ticketId))
      .limit(OPTION_LIMIT),
    db
      .selectDistinct({ companyId: companies.companyId, name: companies.name })
      .from(timeEntries)
      .innerJoin(tickets, eq(tickets.ticketId, timeEntries.ticketId))
      .innerJoin(companies, eq(companies.companyId, tickets.companyId))
      .where(within)
      .orderBy(companies.name, companies.companyId)
      .limit(OPTION_LIMIT),
  ]);
  return { users: people, tickets: ticketRows, companies: companyRows };
}
