import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { BodyOf, contract } from '@kelvin/contract';
import { coreEnumLabel, coreEnumKey, minutesToHoursMinutes } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { ticketVisibility } from './ticketAccess.ts';
import {
  allEntries,
  totalsOfEntries,
  type EntryScope,
  type EntrySort,
  type TimeEntryRow,
} from './timeEntriesRepository.ts';
import { entrySort } from './timeEntriesService.ts';

/** More rows than a spreadsheet user reads; past it the filter should be narrower. */
export const TIME_ENTRY_EXPORT_MAX_ROWS = 100_000;

export const TIME_ENTRY_CSV_HEADER = [
  'Date',
  'Ticket',
  'Title',
  'Company',
  'User',
  'Labor code',
  'Hours',
  'Minutes',
  'Total hours',
  'Description',
];

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; a text starting like a formula
 * (=, +, -, @) gets a leading apostrophe so that a spreadsheet shows it instead of running it.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(row: TimeEntryRow): string {
  const { hours, minutes } = minutesToHoursMinutes(row.durationMinutes);
  const laborKey = coreEnumKey('laborCodes', row.laborCodeValue);
  return [
    row.date,
    row.ticketId,
    row.ticketTitle,
    row.companyName,
    row.userName,
    laborKey === undefined ? String(row.laborCodeValue) : coreEnumLabel(laborKey, 'laborCodes'),
    hours,
    minutes,
    Math.round((row.durationMinutes / 60) * 100) / 100,
    row.description,
  ]
    .map(csvCell)
    .join(',');
}

async function* csvLines(
  db: DbOrTx,
  scope: EntryScope,
  body: BodyOf<typeof contract.timeEntriesExport>,
  sort: EntrySort[],
): AsyncGenerator<string> {
  // A byte order mark so that Excel reads the names as UTF-8.
  yield `\uFEFF${TIME_ENTRY_CSV_HEADER.join(',')}\r\n`;
  for await (const rows of allEntries(db, scope, body.filter, sort)) {
    yield rows.map((row) => `${csvRow(row)}\r\n`).join('');
  }
}

/**
 * `tickets.timeEntries.export`: the entries the caller may see that the filter matches, as CSV, streamed in pages;
 * x-export-rows tells the browser how many rows are coming.
 */
export async function exportTimeEntries(
  db: DbOrTx,
  auth: AuthContext,
  body: BodyOf<typeof contract.timeEntriesExport>,
  reply: FastifyReply,
): Promise<undefined> {
  const scope = ticketVisibility(auth);
  const sort = entrySort(body.sort ?? [], 'body.sort');
  const { entries } = await totalsOfEntries(db, scope, body.filter);
  if (entries > TIME_ENTRY_EXPORT_MAX_ROWS) {
    throw badField(
      'body.filter',
      `The export would hold ${entries} time entries, more than the ${TIME_ENTRY_EXPORT_MAX_ROWS} allowed: narrow the filter.`,
    );
  }
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="time-entries.csv"')
    .header('x-export-rows', String(entries))
    .send(Readable.from(csvLines(db, scope, body, sort)));
  return undefined;
}
