import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { coreEnums } from '../../platform/db/schema.ts';

/** The core enums a ticket's fields name (spec, Enumerations), by their core enum id. */
export const TICKET_ENUM_IDS = {
  ticketSeverity: 1,
  ticketPriority: 2,
  ticketType: 3,
  ticketStatus: 4,
  ticketUserRelationType: 5,
  ticketSource: 12,
} as const;
export type TicketEnumName = keyof typeof TICKET_ENUM_IDS;

/** 'universal' (-1) stands for "any" in filters of the original product; no ticket holds it. */
const UNIVERSAL = -1;

const enumValuesSchema = z.array(z.object({ key: z.string(), value: z.number() }));

/** value → key of each ticket enum. */
export type TicketEnums = Record<TicketEnumName, ReadonlyMap<number, string>>;

/**
 * The ticket enums of a database, read once: core_enums is written by migrations only, and the list would pay
 * one query a page for it otherwise. Writes validate against the same table.
 */
const cache = new WeakMap<DbOrTx, Promise<TicketEnums>>();

export function loadTicketEnums(db: DbOrTx): Promise<TicketEnums> {
  let enums = cache.get(db);
  if (!enums) {
    enums = readTicketEnums(db);
    cache.set(db, enums);
    enums.catch(() => cache.delete(db));
  }
  return enums;
}

/** Reads the ticket enums from core_enums (the table is the source of truth for keys). */
async function readTicketEnums(db: DbOrTx): Promise<TicketEnums> {
  const rows = await db
    .select()
    .from(coreEnums)
    .where(inArray(coreEnums.coreEnumId, Object.values(TICKET_ENUM_IDS)));
  const byId = new Map(rows.map((row) => [row.coreEnumId, enumValuesSchema.parse(row.values)]));
  const mapOf = (id: number) =>
    new Map(
      (byId.get(id) ?? [])
        .filter((entry) => entry.value !== UNIVERSAL)
        .map((entry) => [entry.value, entry.key]),
    );
  return {
    ticketSeverity: mapOf(TICKET_ENUM_IDS.ticketSeverity),
    ticketPriority: mapOf(TICKET_ENUM_IDS.ticketPriority),
    ticketType: mapOf(TICKET_ENUM_IDS.ticketType),
    ticketStatus: mapOf(TICKET_ENUM_IDS.ticketStatus),
    ticketUserRelationType: mapOf(TICKET_ENUM_IDS.ticketUserRelationType),
    ticketSource: mapOf(TICKET_ENUM_IDS.ticketSource),
  };
}

/** The key of a value; a value the table lacks (never written by us) shows as its number. */
export function enumKey(enums: TicketEnums, name: TicketEnumName, value: number): string {
  return enums[name].get(value) ?? String(value);
}

/** Refuses (400 naming the field) a value that is not one of the enum's, 'universal' included. */
export function requireEnumValue(
  enums: TicketEnums,
  name: TicketEnumName,
  field: string,
  value: number | undefined,
): void {
  if (value === undefined || enums[name].has(value)) return;
  const allowed = [...enums[name]].map(([v, key]) => `${key} ${v}`).join(', ');
  throw badField(field, `${field}: ${value} is not a ${name} value (${allowed}).`);
}
