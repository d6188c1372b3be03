import { and, eq, inArray } from 'drizzle-orm';
import type { TicketVisibility } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal } from '../../http/authorize.ts';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets } from '../../platform/db/schema.ts';
import { ticketAssets, tickets, ticketStatusChanges, ticketUsers } from '../../platform/db/ticketsSchema.ts';
import { newTicketCoverage } from '../coverage/ticketBilling.ts';
import { recordEvent } from '../events/recordEvent.ts';
import type { TicketRow } from './ticketAccess.ts';
import { requireAssignable, requireOwnCompanyPeople } from './ticketAssignees.ts';
import { loadTicketEnums, requireEnumValue, type TicketEnums } from './ticketEnums.ts';
import { billingStateAfter, RELATION_OWNER, ticketStateOf } from './ticketRules.ts';
import { refreshTicketSearch } from './ticketSearch.ts';

/** Who writes: a person (with whether they are external), or the system (userId null, e.g. an automation). */
export interface TicketActor {
  userId: number | null;
  isExternal: boolean;
}

export function actorOf(actor: AuthContext | TicketActor): TicketActor {
  return 'permissions' in actor ? { userId: actor.user.userId, isExternal: isExternal(actor) } : actor;
}

/** ticketSource values (core enum 12) a new ticket gets when none is given. */
const SOURCE_INTERNAL = 1;
const SOURCE_PORTAL = 4;

export interface TicketUserInput {
  userId: number;
  relationTypeEnumValue: number;
}

/** A new ticket. Enumerated fields take the core enum's value; omitted ones get the defaults noted. */
export interface NewTicketInput {
  companyId: number;
  title: string;
  description?: string;
  /** ISO 8601 duration (PT4H30M). */
  estimatedDuration?: string | null | undefined;
  /** ticketSeverity; default normal (0). */
  severityEnumValue?: number | undefined;
  /** ticketPriority; default medium (1). */
  priorityEnumValue?: number | undefined;
  /** ticketType; default incident (0). */
  typeEnumValue?: number | undefined;
  /** ticketSource; default portal (4) for an external user, internal (1) for anyone else. */
  sourceEnumValue?: number | undefined;
  /** ticketStatus; default new (0). */
  statusEnumValue?: number | undefined;
  externalTicket?: string | null | undefined;
  isBillable?: boolean | undefined;
  purchaseOrderNumber?: string | null | undefined;
  /** Provider staff choose (default INTERNAL); an external actor's ticket is always EXTERNAL. */
  visibility?: TicketVisibility | undefined;
  /** Assets of the ticket's company (checked here: another company's asset is refused). */
  assetIds?: readonly number[] | undefined;
  /** requester 0, owner 1 (at most one), worker 2; each must be active and able to read the ticket. */
  users?: readonly TicketUserInput[] | undefined;
}

/**
 * Creates a ticket inside the caller's transaction: the row, its assets and users, its first status change, its
 * search document and the 'tickets.create' audit event. It checks the data (enum values, the assets' company,
 * assignable users, one owner) but not the actor's permissions: authorize before calling it (the tickets routes
 * require tickets:write on the company and that the caller sees each asset). Field names in refusals are
 * `body.<field>` as in tickets.create.
 */
export async function createTicket(
  tx: DbOrTx,
  actor: AuthContext | TicketActor,
  input: NewTicketInput,
  options: { now?: Date; enums?: TicketEnums } = {},
): Promise<TicketRow> {
  const who = actorOf(actor);
  const now = options.now ?? new Date();
  const enums = options.enums ?? (await loadTicketEnums(tx));
  requireEnumValue(enums, 'ticketSeverity', 'body.severityEnumValue', input.severityEnumValue);
  requireEnumValue(enums, 'ticketPriority', 'body.priorityEnumValue', input.priorityEnumValue);
  requireEnumValue(enums, 'ticketType', 'body.typeEnumValue', input.typeEnumValue);
  requireEnumValue(enums, 'ticketSource', 'body.sourceEnumValue', input.sourceEnumValue);
  requireEnumValue(enums, 'ticketStatus', 'body.statusEnumValue', input.statusEnumValue);
  const people = dedupeUsers(input.users ?? []);
  for (const person of people) {
    requireEnumValue(enums, 'ticketUserRelationType', 'body.users', person.relationTypeEnumValue);
  }
  requireOneOwner(people, 'body.users');

  const visibility: TicketVisibility = who.isExternal ? 'EXTERNAL' : (input.visibility ?? 'INTERNAL');
  const assetIds = [...new Set(input.assetIds ?? [])];
  await requireCompanyAssets(tx, input.companyId, assetIds, 'body.assetIds');
  const userIds = [...new Set(people.map((person) => person.userId))];
  // An external user names only their own company's people, as in tickets.users.add.
  if ('permissions' in actor) await requireOwnCompanyPeople(tx, actor, userIds, 'body.users');
  await requireAssignable(tx, { companyId: input.companyId, visibility, assetIds }, userIds, 'body.users');

  const statusValue = input.statusEnumValue ?? 0;
  const ticketState = ticketStateOf(statusValue);
  // Coverage decides billing: a ticket whose every asset a contract or warranty covers on its date starts not
  // billable, whatever was asked (the provider may mark it billable afterwards, and the billing card says so).
  const coverage = await newTicketCoverage(tx, assetIds, now);
  const isBillable = coverage.isCovered ? false : (input.isBillable ?? false);
  const [ticket] = await tx
    .insert(tickets)
    .values({
      companyId: input.companyId,
      title: input.title,
      description: input.description ?? '',
      createdAt: now,
      updatedAt: now,
      closedAt: ticketState === 'CLOSED' ? now : null,
      estimatedDuration: input.estimatedDuration ?? null,
      severityValue: input.severityEnumValue ?? 0,
      priorityValue: input.priorityEnumValue ?? 1,
      typeValue: input.typeEnumValue ?? 0,
      sourceValue: input.sourceEnumValue ?? (who.isExternal ? SOURCE_PORTAL : SOURCE_INTERNAL),
      statusValue,
      ticketState,
      externalTicket: input.externalTicket ?? null,
      isBillable,
      netSuiteBillingState: billingStateAfter('NOT_BILLABLE', isBillable),
      purchaseOrderNumber: input.purchaseOrderNumber ?? null,
      coveredByContractId: coverage.coveredByContractId,
      coveredByWarrantyId: coverage.coveredByWarrantyId,
      visibility,
      createdBy: who.userId,
    })
    .returning();
  if (!ticket) throw new Error('ticket not inserted');
  const { ticketId } = ticket;
  if (assetIds.length > 0) {
    await tx.insert(ticketAssets).values(assetIds.map((assetId) => ({ ticketId, assetId, createdAt: now })));
  }
  if (people.length > 0) {
    await tx.insert(ticketUsers).values(
      people.map((person) => ({
        ticketId,
        userId: person.userId,
        relationTypeValue: person.relationTypeEnumValue,
        createdAt: now,
      })),
    );
  }
  await tx
    .insert(ticketStatusChanges)
    .values({ ticketId, statusValue, changedAt: now, changedBy: who.userId });
  await refreshTicketSearch(tx, ticketId);
  await recordEvent(tx, {
    name: 'tickets.create',
    actorUserId: who.userId,
    companyId: ticket.companyId,
    subjectType: 'ticket',
    subjectId: ticketId,
    data: {
      title: ticket.title,
      statusEnumValue: statusValue,
      priorityEnumValue: ticket.priorityValue,
      typeEnumValue: ticket.typeValue,
      sourceEnumValue: ticket.sourceValue,
      ticketVisibility: visibility,
      assetIds,
      users: people,
      isBillable,
      coveredByContractId: coverage.coveredByContractId,
      coveredByWarrantyId: coverage.coveredByWarrantyId,
    },
  });
  return ticket;
}

function dedupeUsers(people: readonly TicketUserInput[]): TicketUserInput[] {
  const seen = new Set<string>();
  return people.filter((person) => {
    const key = `${person.userId}:${person.relationTypeEnumValue}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A ticket has at most one owner. */
export function requireOneOwner(people: readonly TicketUserInput[], field: string): void {
  if (people.filter((person) => person.relationTypeEnumValue === RELATION_OWNER).length > 1) {
    throw badField(field, `${field}: a ticket has at most one owner.`);
  }
}

/** Refuses (400 naming the field) an asset that is missing, deleted or of another company. */
export async function requireCompanyAssets(
  db: DbOrTx,
  companyId: number,
  assetIds: readonly number[],
  field: string,
): Promise<void> {
  if (assetIds.length === 0) return;
  const found = await db
    .select({ assetId: assets.assetId })
    .from(assets)
    .where(
      and(
        inArray(assets.assetId, [...assetIds]),
        eq(assets.companyId, companyId),
        eq(assets.isDeleted, false),
      ),
    );
  const ok = new Set(found.map((row) => row.assetId));
  const refused = assetIds.find((assetId) => !ok.has(assetId));
  if (refused !== undefined) {
    throw badField(field, `${field}: asset ${refused} is not an asset of the ticket's company.`);
  }
}
