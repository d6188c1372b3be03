import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { BillingState, Ticket, TicketVisibility } from '@kelvin/contract';
import { billingStates, ticketVisibilities } from '@kelvin/contract';
import { assetDisplayName } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetProperties, assets, assetTypes, companies, users } from '../../platform/db/schema.ts';
import { ticketAssets, tickets, ticketUsers } from '../../platform/db/ticketsSchema.ts';
import { coverageOfAssets } from '../coverage/assetCoverage.ts';
import { ticketBillingCoverage, ticketBlockers } from '../coverage/ticketBilling.ts';
import { inAccessGroupsOf, TICKET_NOT_FOUND, ticketVisibility, type TicketRow } from './ticketAccess.ts';
import { enumKey, loadTicketEnums, type TicketEnums } from './ticketEnums.ts';
import { ticketStateOf } from './ticketRules.ts';

const reportedProblemSchema = z
  .object({ reportedProblemId: z.number().nullable(), commentId: z.number().nullable() })
  .nullable()
  .catch(null);
const rootCauseSchema = z
  .object({
    componentId: z.number().nullable(),
    rootCauseId: z.number().nullable(),
    commentId: z.number().nullable(),
    assetId: z.number().nullable(),
  })
  .nullable()
  .catch(null);
const relationshipsSchema = z.array(z.object({ ticketId: z.number(), relation: z.string() })).catch([]);
const formValuesSchema = z.array(z.unknown()).catch([]);

export function isBillingState(value: string): value is BillingState {
  return billingStates.some((state) => state === value);
}
export function isTicketVisibility(value: string): value is TicketVisibility {
  return ticketVisibilities.some((visibility) => visibility === value);
}
export const billingStateOf = (value: string): BillingState =>
  isBillingState(value) ? value : 'NOT_BILLABLE';
export const visibilityOf = (value: string): TicketVisibility =>
  isTicketVisibility(value) ? value : 'INTERNAL';

/** The display names of assets: the spec's name property, else the shortened type and position. */
export async function assetDisplayNames(
  db: DbOrTx,
  assetIds: readonly number[],
): Promise<Map<number, { companyId: number; displayName: string; assetTypeName: string | null }>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db
    .select({
      assetId: assets.assetId,
      companyId: assets.companyId,
      typeName: assetTypes.name,
      propertyName: assetProperties.name,
      propertyValue: assetProperties.value,
    })
    .from(assets)
    .innerJoin(assetTypes, eq(assetTypes.assetTypeId, assets.assetTypeId))
    .leftJoin(
      assetProperties,
      and(
        eq(assetProperties.assetId, assets.assetId),
        or(eq(assetProperties.name, 'name'), eq(assetProperties.name, 'position')),
      ),
    )
    .where(inArray(assets.assetId, [...assetIds]));
  const grouped = new Map<
    number,
    { companyId: number; type: string; properties: { name: string; value: string }[] }
  >();
  for (const row of rows) {
    const entry = grouped.get(row.assetId) ?? {
      companyId: row.companyId,
      type: row.typeName,
      properties: [],
    };
    if (row.propertyName !== null && row.propertyValue !== null) {
      entry.properties.push({ name: row.propertyName, value: row.propertyValue });
    }
    grouped.set(row.assetId, entry);
  }
  return new Map(
    [...grouped].map(([assetId, entry]) => [
      assetId,
      { companyId: entry.companyId, displayName: assetDisplayName(entry), assetTypeName: entry.type },
    ]),
  );
}

/**
 * Spec: the accounting blocker while a charged part or service has a null or zero sales price (removed ones are
 * deleted). A part of a ticket whose parts are at no charge (covered by a contract covering parts, or a warranty)
 * is not charged and never blocks: see the domain's billingCoverage.
 */
export async function netsuiteBlockers(db: DbOrTx, ticketId: number): Promise<string[]> {
  const [ticket] = await db
    .select({
      coveredByContractId: tickets.coveredByContractId,
      coveredByWarrantyId: tickets.coveredByWarrantyId,
    })
    .from(tickets)
    .where(eq(tickets.ticketId, ticketId));
  if (!ticket) return [];
  return ticketBlockers(db, ticketId, await ticketBillingCoverage(db, ticket));
}

/**
 * A ticket as the API presents it: enum keys, company name, users, assets with coverage, blockers. Given the
 * `viewer`, a caller limited by access groups is named only the ticket's assets their groups reach (as in their
 * list rows and on the asset screens); without it, every asset (callers that present for provider staff or the
 * system).
 */
export async function presentTicket(
  db: DbOrTx,
  ticket: TicketRow,
  enums?: TicketEnums,
  viewer?: AuthContext,
): Promise<Ticket> {
  const keys = enums ?? (await loadTicketEnums(db));
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.companyId, ticket.companyId));
  const people = await db
    .select({
      userId: users.userId,
      name: users.name,
      email: users.email,
      companyId: users.companyId,
      relationTypeValue: ticketUsers.relationTypeValue,
    })
    .from(ticketUsers)
    .innerJoin(users, eq(users.userId, ticketUsers.userId))
    .where(eq(ticketUsers.ticketId, ticket.ticketId))
    .orderBy(asc(ticketUsers.relationTypeValue), asc(ticketUsers.createdAt), asc(users.userId));
  const groupsOf = viewer === undefined ? null : ticketVisibility(viewer).groupsOfUserId;
  const assetRows = await db
    .select({ assetId: ticketAssets.assetId })
    .from(ticketAssets)
    .where(
      and(
        eq(ticketAssets.ticketId, ticket.ticketId),
        groupsOf === null ? undefined : inAccessGroupsOf(groupsOf, ticketAssets.assetId),
      ),
    )
    .orderBy(asc(ticketAssets.createdAt), asc(ticketAssets.assetId));
  const names = await assetDisplayNames(
    db,
    assetRows.map((row) => row.assetId),
  );
  // Coverage on the ticket's date: the day it was made (contracts by UTC day, warranties in their own zones).
  const coverage = await coverageOfAssets(
    db,
    assetRows.map((row) => row.assetId),
    ticket.createdAt,
  );
  const ticketAssetList = assetRows.map(({ assetId }) => {
    const named = names.get(assetId);
    return {
      assetId,
      companyId: named?.companyId ?? ticket.companyId,
      displayName: named?.displayName ?? `Asset ${assetId}`,
      assetTypeName: named?.assetTypeName ?? null,
      activeCoverage: coverage.get(assetId) ?? {
        contracts: [],
        warranties: [],
        label: 'No Coverage' as const,
      },
    };
  });
  return {
    ticketId: ticket.ticketId,
    companyId: ticket.companyId,
    companyName: company?.name ?? '',
    title: ticket.title,
    description: ticket.description,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    closedAt: ticket.closedAt?.toISOString() ?? null,
    isFrozen: ticket.isFrozen,
    estimatedDuration: ticket.estimatedDuration,
    severityEnumKey: enumKey(keys, 'ticketSeverity', ticket.severityValue),
    severityEnumValue: ticket.severityValue,
    priorityEnumKey: enumKey(keys, 'ticketPriority', ticket.priorityValue),
    priorityEnumValue: ticket.priorityValue,
    typeEnumKey: enumKey(keys, 'ticketType', ticket.typeValue),
    typeEnumValue: ticket.typeValue,
    statusEnumKey: enumKey(keys, 'ticketStatus', ticket.statusValue),
    statusEnumValue: ticket.statusValue,
    sourceEnumKey: enumKey(keys, 'ticketSource', ticket.sourceValue),
    sourceEnumValue: ticket.sourceValue,
    externalTicket: ticket.externalTicket,
    netSuiteBillingState: billingStateOf(ticket.netSuiteBillingState),
    netSuiteSalesOrderInternalId: ticket.netSuiteSalesOrderInternalId,
    netsuiteBlockers: await ticketBlockers(db, ticket.ticketId, await ticketBillingCoverage(db, ticket)),
    isBillable: ticket.isBillable,
    purchaseOrderNumber: ticket.purchaseOrderNumber,
    salesOrderNumber: ticket.salesOrderNumber,
    ticketState: ticketStateOf(ticket.statusValue),
    users: people.map((person) => ({
      userId: person.userId,
      name: person.name,
      email: person.email,
      companyId: person.companyId,
      relationTypeEnumKey: enumKey(keys, 'ticketUserRelationType', person.relationTypeValue),
      relationTypeEnumValue: person.relationTypeValue,
    })),
    assets: ticketAssetList,
    relationships: relationshipsSchema.parse(ticket.relationships),
    reportedProblem: reportedProblemSchema.parse(ticket.reportedProblem),
    rootCause: rootCauseSchema.parse(ticket.rootCause),
    visibility: visibilityOf(ticket.visibility),
    formValues: formValuesSchema.parse(ticket.formValues),
    coveredByContractId: ticket.coveredByContractId,
    coveredByWarrantyId: ticket.coveredByWarrantyId,
    ticketAssetCoverage: ticketAssetList.map((asset) => ({
      assetId: asset.assetId,
      contracts: asset.activeCoverage.contracts.map((contract) => contract.contractId),
      warranties: asset.activeCoverage.warranties.map((warranty) => warranty.warrantyId),
    })),
  };
}

/** Loads and presents a ticket by id (after the caller authorized it). */
export async function loadPresentedTicket(db: DbOrTx, ticketId: number): Promise<Ticket> {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return presentTicket(db, row);
}
