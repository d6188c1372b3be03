import {
  TIME_ENTRY_PAGE_SIZE,
  timeEntrySortProperties,
  type BodyOf,
  type OutputOf,
  type QueryOf,
  type TimeEntry,
  type contract,
} from '@kelvin/contract';
import {
  coreEnumEntries,
  coreEnumKey,
  coreEnumValue,
  hoursMinutesToMinutes,
  minutesToHoursMinutes,
} from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, isExternal, scopeIncludes } from '../../http/authorize.ts';
import { badField, conflict, forbidden, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  readableTicket,
  readableTicketOf,
  ticketVisibility,
  writableTicket,
  writableTickets,
  type TicketRow,
} from './ticketAccess.ts';
import {
  deleteEntry,
  entriesOfTicket,
  entriesOfUser,
  entryFilterOptions,
  findEntry,
  insertEntry,
  lockEntry,
  pageOfEntries,
  totalsOfEntries,
  updateEntry,
  type EntrySort,
  type EntryValues,
  type TimeEntryRow,
} from './timeEntriesRepository.ts';

export const TIME_ENTRY_NOT_FOUND = 'Time entry not found.';
export const TIME_ENTRY_AUTHOR_ONLY =
  "Only the author of a time entry, or provider staff who may change the ticket's company's tickets, can change or delete it.";
export const TIME_ENTRY_MOVED = 'This time entry was changed meanwhile: reload it and try again.';
export const TIME_ENTRY_DATE_AHEAD = 'A time entry can be dated at most one day ahead.';

const laborCodeKeys = () =>
  coreEnumEntries('laborCodes')
    .map((entry) => entry.key)
    .join(', ');

/**
 * Who may change or delete an entry, besides needing tickets:write on the ticket's company (writableTicket):
 * its author; or provider staff, who correct their technicians' time sheets. A customer administrator may write
 * the company's tickets but not rewrite the provider's time on them, nor another customer user's.
 */
function mayChange(auth: AuthContext, entry: { userId: number; companyId: number }): boolean {
  if (!scopeIncludes(companyScope(auth, 'tickets:write'), entry.companyId)) return false;
  return entry.userId === auth.user.userId || !isExternal(auth);
}

/** Explicit whitelist of what leaves the server; duration in hours and minutes as the spec sends it. */
export function presentEntry(auth: AuthContext, row: TimeEntryRow): TimeEntry {
  return {
    timeEntryId: row.timeEntryId,
    ticketId: row.ticketId,
    ticketTitle: row.ticketTitle,
    companyId: row.companyId,
    companyName: row.companyName,
    userId: row.userId,
    userName: row.userName,
    laborCodeEnumKey: coreEnumKey('laborCodes', row.laborCodeValue) ?? String(row.laborCodeValue),
    laborCodeEnumValue: row.laborCodeValue,
    description: row.description,
    date: row.date,
    duration: minutesToHoursMinutes(row.durationMinutes),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: !row.ticketIsFrozen && mayChange(auth, row),
  };
}

/** The latest date an entry may have: tomorrow in UTC, so that a user ahead of UTC may log their today. */
function latestDate(now: Date): string {
  return new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}

type EntryFields = Pick<
  BodyOf<typeof contract.timeEntriesCreate>,
  'date' | 'duration' | 'laborCodeEnumKey' | 'description'
>;

/** The rules the contract cannot state: a labor code key of the enum, a date at most a day ahead. */
function entryValues(ticketId: number, fields: EntryFields, now: Date): EntryValues {
  const laborCodeValue = coreEnumValue('laborCodes', fields.laborCodeEnumKey);
  if (laborCodeValue === undefined) {
    throw badField(
      'body.laborCodeEnumKey',
      `Unknown labor code ${fields.laborCodeEnumKey}: expected one of ${laborCodeKeys()}.`,
    );
  }
  if (fields.date > latestDate(now)) throw badField('body.date', TIME_ENTRY_DATE_AHEAD);
  return {
    ticketId,
    laborCodeValue,
    description: fields.description,
    date: fields.date,
    durationMinutes: hoursMinutesToMinutes(fields.duration),
  };
}

function recordEntryEvent(
  tx: DbOrTx,
  auth: AuthContext,
  ticket: TicketRow,
  name: 'create' | 'update' | 'delete',
  data: Record<string, unknown>,
) {
  return recordEvent(tx, {
    name: `tickets.timeEntries.${name}`,
    actorUserId: auth.user.userId,
    companyId: ticket.companyId,
    subjectType: 'ticket',
    subjectId: ticket.ticketId,
    data,
  });
}

const eventData = (timeEntryId: number, userId: number, values: EntryValues) => ({
  timeEntryId,
  userId,
  date: values.date,
  minutes: values.durationMinutes,
  laborCodeValue: values.laborCodeValue,
});

async function presentById(tx: DbOrTx, auth: AuthContext, timeEntryId: number): Promise<TimeEntry> {
  const row = await findEntry(tx, timeEntryId);
  if (!row) throw notFound(TIME_ENTRY_NOT_FOUND);
  return presentEntry(auth, row);
}

export function createTimeEntry(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.timeEntriesCreate>,
  now = new Date(),
): Promise<TimeEntry> {
  return db.transaction(async (tx) => {
    const ticket = await writableTicket(tx, auth, body.ticketId);
    const values = entryValues(ticket.ticketId, body, now);
    const timeEntryId = await insertEntry(tx, auth.user.userId, values);
    await recordEntryEvent(tx, auth, ticket, 'create', eventData(timeEntryId, auth.user.userId, values));
    return presentById(tx, auth, timeEntryId);
  });
}

/**
 * An entry the caller may change, in the write's transaction: one on a ticket they cannot see is a 404 like a
 * missing one; then tickets:write on the company (403) and the ticket not frozen (409); then author or staff.
 * `toTicketId` is the ticket it moves to: both tickets are locked together in ascending id order (writableTickets),
 * so that two entries moving between the same tickets in opposite directions cannot deadlock. The entry is read
 * again under the locks: it may have moved or gone meanwhile.
 */
async function changeableEntry(tx: DbOrTx, auth: AuthContext, timeEntryId: number, toTicketId?: number) {
  const found = await findEntry(tx, timeEntryId);
  if (!found) throw notFound(TIME_ENTRY_NOT_FOUND);
  await readableTicketOf(tx, auth, found.ticketId, TIME_ENTRY_NOT_FOUND);
  const locked = await writableTickets(tx, auth, [found.ticketId, toTicketId ?? found.ticketId]);
  const lockedTicketId = await lockEntry(tx, timeEntryId);
  if (lockedTicketId === undefined) throw notFound(TIME_ENTRY_NOT_FOUND);
  if (lockedTicketId !== found.ticketId) throw conflict(TIME_ENTRY_MOVED);
  const entry = await findEntry(tx, timeEntryId);
  const ticket = locked.get(found.ticketId);
  const target = locked.get(toTicketId ?? found.ticketId);
  if (!entry || !ticket || !target) throw new Error('time entry or its tickets not locked');
  if (!mayChange(auth, entry)) throw forbidden(TIME_ENTRY_AUTHOR_ONLY);
  return { entry, ticket, target };
}

export function updateTimeEntry(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.timeEntriesUpdate>,
  now = new Date(),
): Promise<TimeEntry> {
  return db.transaction(async (tx) => {
    const { entry, ticket, target } = await changeableEntry(tx, auth, body.timeEntryId, body.ticketId);
    const moving = target.ticketId !== ticket.ticketId;
    const values = entryValues(target.ticketId, body, now);
    await updateEntry(tx, entry.timeEntryId, values);
    const data = {
      ...eventData(entry.timeEntryId, entry.userId, values),
      before: { date: entry.date, minutes: entry.durationMinutes, laborCodeValue: entry.laborCodeValue },
      ...(moving ? { fromTicketId: ticket.ticketId, toTicketId: target.ticketId } : {}),
    };
    await recordEntryEvent(tx, auth, target, 'update', data);
    if (moving) await recordEntryEvent(tx, auth, ticket, 'update', data);
    return presentById(tx, auth, entry.timeEntryId);
  });
}

export function deleteTimeEntry(db: Db, auth: AuthContext, timeEntryId: number): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const { entry, ticket } = await changeableEntry(tx, auth, timeEntryId);
    await deleteEntry(tx, entry.timeEntryId);
    await recordEntryEvent(tx, auth, ticket, 'delete', {
      timeEntryId: entry.timeEntryId,
      userId: entry.userId,
      date: entry.date,
      minutes: entry.durationMinutes,
      laborCodeValue: entry.laborCodeValue,
    });
    return { ok: true as const };
  });
}

export async function listTicketTimeEntries(
  db: Db,
  auth: AuthContext,
  ticketId: number,
): Promise<TimeEntry[]> {
  await readableTicket(db, auth, ticketId);
  return (await entriesOfTicket(db, ticketId)).map((row) => presentEntry(auth, row));
}

export async function listMyTimeEntries(
  db: Db,
  auth: AuthContext,
  query: QueryOf<typeof contract.timeEntriesMine>,
): Promise<TimeEntry[]> {
  const scope = ticketVisibility(auth);
  const rows = await entriesOfUser(db, scope, auth.user.userId, query);
  return rows.map((row) => presentEntry(auth, row));
}

/** The pageableQuery's sort, each property checked against the list's snake-cased columns (400 otherwise). */
export function entrySort(
  sort: readonly { property: string; direction: 'ASC' | 'DESC' }[],
  field = 'body.pageableQuery.sort',
): EntrySort[] {
  return sort.map(({ property, direction }, index) => {
    const known = timeEntrySortProperties.find((candidate) => candidate === property);
    if (known === undefined) {
      throw badField(
        `${field}.${index}.property`,
        `Cannot sort time entries by ${property}: expected one of ${timeEntrySortProperties.join(', ')}.`,
      );
    }
    return { property: known, direction };
  });
}

export async function listTimeEntries(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.timeEntriesList>,
): Promise<OutputOf<typeof contract.timeEntriesList>> {
  const scope = ticketVisibility(auth);
  const pageable = body.pageableQuery ?? {
    type: 'PAGED' as const,
    pageSize: TIME_ENTRY_PAGE_SIZE,
    pageNumber: 0,
    sort: [],
  };
  const sort = entrySort(pageable.sort);
  const [rows, totals] = await Promise.all([
    pageOfEntries(db, scope, body.filter, { ...pageable, sort }),
    totalsOfEntries(db, scope, body.filter),
  ]);
  return {
    content: rows.map((row) => presentEntry(auth, row)),
    pageable: { totalSize: totals.entries, pageSize: pageable.pageSize, pageNumber: pageable.pageNumber },
    totals,
  };
}

export function timeEntryFilterOptions(
  db: Db,
  auth: AuthContext,
): Promise<OutputOf<typeof contract.timeEntriesFilterOptions>> {
  return entryFilterOptions(db, ticketVisibility(auth));
}
