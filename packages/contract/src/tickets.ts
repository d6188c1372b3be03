import { z } from 'zod';
import { isoDuration } from './assets.ts';
import { dbId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';
import {
  TICKET_TITLE_MAX,
  TICKET_DESCRIPTION_MAX,
  TICKET_TEXT_FIELD_MAX,
  ticketVisibilities,
  ticketStates,
  billingStates,
  coverageLabels,
  ticketGroupings,
} from './ticketValues.ts';

export const ticketVisibilitySchema = z.enum(ticketVisibilities);
export type TicketVisibility = z.infer<typeof ticketVisibilitySchema>;

export const billingStateSchema = z.enum(billingStates);
export type BillingState = z.infer<typeof billingStateSchema>;

/** An enumerated field: the core enum's key and numeric value (ticketSeverity, ticketPriority, ...). */
const enumValue = z.number().int().min(-1).max(1000);

const ticketUserSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  companyId: z.number().int(),
  relationTypeEnumKey: z.string(),
  relationTypeEnumValue: z.number().int(),
});

/**
 * What covers an asset on the ticket's date (its creation day): contracts with whether they cover parts, and
 * warranties. label: 'Contract' when a contract covers, else 'Warranty', else 'No Coverage'.
 */
const coverageSchema = z.object({
  contracts: z.array(z.object({ contractId: z.number().int(), label: z.string(), coversParts: z.boolean() })),
  warranties: z.array(z.object({ warrantyId: z.number().int(), label: z.string() })),
  label: z.enum(coverageLabels),
});

const ticketAssetSchema = z.object({
  assetId: z.number().int(),
  companyId: z.number().int(),
  /** The spec's asset display name: the name property, else the shortened type and position. */
  displayName: z.string(),
  assetTypeName: z.string().nullable(),
  activeCoverage: coverageSchema,
});

/** Spec (section 3): Ticket. Times are ISO 8601; enumerated fields carry key and value. */
export const ticketSchema = z.object({
  ticketId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  isFrozen: z.boolean(),
  estimatedDuration: z.string().nullable(),
  severityEnumKey: z.string(),
  severityEnumValue: z.number().int(),
  priorityEnumKey: z.string(),
  priorityEnumValue: z.number().int(),
  typeEnumKey: z.string(),
  typeEnumValue: z.number().int(),
  statusEnumKey: z.string(),
  statusEnumValue: z.number().int(),
  sourceEnumKey: z.string(),
  sourceEnumValue: z.number().int(),
  externalTicket: z.string().nullable(),
  netSuiteBillingState: billingStateSchema,
  netSuiteSalesOrderInternalId: z.string().nullable(),
  /** Spec: 'Sales Price is not properly set, it must be a valid positive value.' when a consumable has none. */
  netsuiteBlockers: z.array(z.string()),
  isBillable: z.boolean(),
  purchaseOrderNumber: z.string().nullable(),
  salesOrderNumber: z.string().nullable(),
  ticketState: z.enum(ticketStates),
  users: z.array(ticketUserSchema),
  assets: z.array(ticketAssetSchema),
  relationships: z.array(z.object({ ticketId: z.number().int(), relation: z.string() })),
  reportedProblem: z
    .object({ reportedProblemId: z.number().int().nullable(), commentId: z.number().int().nullable() })
    .nullable(),
  rootCause: z
    .object({
      componentId: z.number().int().nullable(),
      rootCauseId: z.number().int().nullable(),
      commentId: z.number().int().nullable(),
      assetId: z.number().int().nullable(),
    })
    .nullable(),
  visibility: ticketVisibilitySchema,
  formValues: z.array(z.unknown()),
  coveredByContractId: z.number().int().nullable(),
  coveredByWarrantyId: z.number().int().nullable(),
  ticketAssetCoverage: z.array(
    z.object({
      assetId: z.number().int(),
      contracts: z.array(z.number().int()),
      warranties: z.array(z.number().int()),
    }),
  ),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A row of the tickets list: the ticket without its heavy parts, with its owner and assets named. */
export const ticketListItemSchema = ticketSchema
  .pick({
    ticketId: true,
    companyId: true,
    companyName: true,
    title: true,
    description: true,
    createdAt: true,
    updatedAt: true,
    closedAt: true,
    isFrozen: true,
    estimatedDuration: true,
    severityEnumKey: true,
    severityEnumValue: true,
    priorityEnumKey: true,
    priorityEnumValue: true,
    typeEnumKey: true,
    typeEnumValue: true,
    statusEnumKey: true,
    statusEnumValue: true,
    sourceEnumKey: true,
    sourceEnumValue: true,
    netSuiteBillingState: true,
    ticketState: true,
    visibility: true,
  })
  .extend({
    owner: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
    assets: z.array(z.object({ assetId: z.number().int(), displayName: z.string() })),
    commentCount: z.number().int(),
  });
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

/**
 * Spec: filters companyIds, netSuiteBillingStates, statusIds (left out: all). The rest narrow the list for the
 * group view's groups, an asset's tickets tab and the event tickets of an asset.
 */
export const ticketListFilterSchema = z.strictObject({
  companyIds: z.array(dbId).max(1000).optional(),
  netSuiteBillingStates: z.array(billingStateSchema).max(billingStates.length).optional(),
  statusIds: z.array(enumValue).max(20).optional(),
  priorityValues: z.array(enumValue).max(20).optional(),
  typeValues: z.array(enumValue).max(20).optional(),
  sourceValues: z.array(enumValue).max(20).optional(),
  assetIds: z.array(dbId).max(1000).optional(),
  ownerUserIds: z.array(dbId).max(1000).optional(),
  /** Only tickets without an owner, or without an asset: the group view's 'No owner' and 'No asset' groups. */
  withoutOwner: z.boolean().optional(),
  withoutAssets: z.boolean().optional(),
  /** Words matched against title, description and comments (a word's start matches). */
  search: z.string().trim().max(200).optional(),
});
export type TicketListFilter = z.infer<typeof ticketListFilterSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

const ticketFieldsSchema = {
  title: z.string().trim().min(1, 'Title is required').max(TICKET_TITLE_MAX),
  description: z.string().max(TICKET_DESCRIPTION_MAX),
  estimatedDuration: isoDuration.nullable(),
  severityEnumValue: enumValue,
  priorityEnumValue: enumValue,
  typeEnumValue: enumValue,
  sourceEnumValue: enumValue,
  externalTicket: optionalText(TICKET_TEXT_FIELD_MAX),
  isBillable: z.boolean(),
  purchaseOrderNumber: optionalText(TICKET_TEXT_FIELD_MAX),
  salesOrderNumber: optionalText(TICKET_TEXT_FIELD_MAX),
  visibility: ticketVisibilitySchema,
};

const ticketUserInput = z.strictObject({ userId: dbId, relationTypeEnumValue: enumValue });

const historyEntrySchema = z.object({
  eventId: z.number().int(),
  name: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const ticketsEndpoints = {
  ticketsList: endpoint({
    name: 'tickets.list',
    method: 'POST',
    path: '/tickets.list',
    summary:
      'Tickets the caller may see, filtered, searched, sorted by a snake-cased column and paged (25 a page).',
    auth: 'user',
    body: z.strictObject({
      filter: ticketListFilterSchema.default({}),
      pageableQuery: pageableQuerySchema.optional(),
    }),
    output: pagedSchema(ticketListItemSchema),
  }),
  ticketsGroups: endpoint({
    name: 'tickets.groups',
    method: 'POST',
    path: '/tickets.groups',
    summary:
      "The group view's groups: the filtered tickets counted by company, asset, priority, owner or status.",
    auth: 'user',
    body: z.strictObject({ filter: ticketListFilterSchema.default({}), groupBy: z.enum(ticketGroupings) }),
    output: z.array(
      z.object({ key: z.number().int().nullable(), label: z.string(), count: z.number().int() }),
    ),
  }),
  ticketsGet: endpoint({
    name: 'tickets.get',
    method: 'POST',
    path: '/tickets.get',
    summary: 'One ticket with its users, assets and coverage.',
    auth: 'user',
    body: z.strictObject({ ticketId: dbId }),
    output: ticketSchema,
  }),
  ticketsCreate: endpoint({
    name: 'tickets.create',
    method: 'POST',
    path: '/tickets.create',
    summary: 'Creates a ticket of a company, with its assets and users.',
    auth: 'user',
    body: z.strictObject({
      companyId: dbId,
      title: ticketFieldsSchema.title,
      description: ticketFieldsSchema.description.default(''),
      estimatedDuration: ticketFieldsSchema.estimatedDuration.optional(),
      severityEnumValue: enumValue.optional(),
      priorityEnumValue: enumValue.optional(),
      typeEnumValue: enumValue.optional(),
      sourceEnumValue: enumValue.optional(),
      statusEnumValue: enumValue.optional(),
      externalTicket: ticketFieldsSchema.externalTicket,
      isBillable: z.boolean().optional(),
      purchaseOrderNumber: ticketFieldsSchema.purchaseOrderNumber,
      /** Provider staff choose; an external user's ticket is always EXTERNAL. */
      visibility: ticketVisibilitySchema.optional(),
      assetIds: z.array(dbId).max(100).default([]),
      users: z.array(ticketUserInput).max(100).default([]),
    }),
    output: ticketSchema,
  }),
  ticketsUpdate: endpoint({
    name: 'tickets.update',
    method: 'POST',
    path: '/tickets.update',
    summary: 'Changes the given fields of a ticket (a frozen ticket refuses every change but unfreezing).',
    auth: 'user',
    body: z.strictObject({
      ticketId: dbId,
      title: ticketFieldsSchema.title.optional(),
      description: ticketFieldsSchema.description.optional(),
      estimatedDuration: ticketFieldsSchema.estimatedDuration.optional(),
      severityEnumValue: enumValue.optional(),
      priorityEnumValue: enumValue.optional(),
      typeEnumValue: enumValue.optional(),
      sourceEnumValue: enumValue.optional(),
      externalTicket: ticketFieldsSchema.externalTicket,
      isBillable: z.boolean().optional(),
      purchaseOrderNumber: ticketFieldsSchema.purchaseOrderNumber,
      salesOrderNumber: ticketFieldsSchema.salesOrderNumber,
      visibility: ticketVisibilitySchema.optional(),
    }),
    output: ticketSchema,
  }),
  ticketsChangeStatus: endpoint({
    name: 'tickets.changeStatus',
    method: 'POST',
    path: '/tickets.changeStatus',
    summary: 'Moves a ticket to a status; ticketState and closedAt follow.',
    auth: 'user',
    body: z.strictObject({ ticketId: dbId, statusEnumValue: enumValue }),
    output: ticketSchema,
  }),
  ticketsSetFrozen: endpoint({
    name: 'tickets.setFrozen',
    method: 'POST',
    path: '/tickets.setFrozen',
    summary: 'Freezes a ticket (no further changes) or unfreezes it.',
    auth: 'user',
    body: z.strictObject({ ticketId: dbId, isFrozen: z.boolean() }),
    output: ticketSchema,
  }),
  ticketsUsersAdd: endpoint({
    name: 'tickets.users.add',
    method: 'POST',
    path: '/tickets.users.add',
    summary: 'Assigns a user to a ticket as requester, owner or worker (a ticket has at most one owner).',
    auth: 'user',
    body: z.strictObject({ ticketId: dbId, userId: dbId, relationTypeEnumValue: enumValue }),
    output: ticketSchema,
  }),
  ticketsUsersRemove: endpoint({
    name: 'tickets.users.remove',
    method: 'POST',
    path: '/tickets.users.remove',
    summary: "Removes a user's relation to a ticket.",
    auth: 'user',
    body: z.strictObject({ ticketId: dbId, userId: dbId, relationTypeEnumValue: enumValue }),
    output: ticketSchema,
  }),
  ticketsAssignableUsers: endpoint({
    name: 'tickets.assignableUsers',
    method: 'POST',
    path: '/tickets.assignableUsers',
    summary:
      "People who may be assigned to a ticket: active users who may read the ticket's company's tickets.",
    auth: 'user',
    body: z.strictObject({ ticketId: dbId, search: z.string().trim().max(100).optional() }),
    output: z.array(
      z.object({ userId: z.number().int(), name: z.string(), email: z.string(), companyName: z.string() }),
    ),
  }),
  ticketsAssetsAdd: endpoint({
    name: 'tickets.assets.add',
    method: 'POST',
    path: '/tickets.assets.add',
    summary: "Adds assets of the ticket's company to it.",
    auth: 'user',
    body: z.strictObject({ ticketId: dbId, assetIds: z.array(dbId).min(1).max(100) }),
    output: ticketSchema,
  }),
  ticketsAssetsRemove: endpoint({
    name: 'tickets.assets.remove',
    method: 'POST',
    path: '/tickets.assets.remove',
    summary: 'Removes assets from a ticket.',
    auth: 'user',
    body: z.strictObject({ ticketId: dbId, assetIds: z.array(dbId).min(1).max(100) }),
    output: ticketSchema,
  }),
  ticketsHistory: endpoint({
    name: 'tickets.history',
    method: 'POST',
    path: '/tickets.history',
    summary:
      "Every change of a ticket from the audit trail, newest first (an external user sees no internal comment's).",
    auth: 'user',
    body: z.strictObject({ ticketId: dbId }),
    output: z.array(historyEntrySchema),
  }),
};
