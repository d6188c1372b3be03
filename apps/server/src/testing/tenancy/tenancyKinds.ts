/**
 * What each id field of the contract names. The walk maps every id-like field (`id`, `*Id`, `*Ids`, a body that
 * is a bare list of ids) to a kind by its name, and `id` or a bare list by the call's name: a call added later is
 * walked without a test of its own, and a field no rule maps fails the walk, asking for a line here.
 */

/**
 * Objects a tenant owns. `company` kinds are the company's own (any user of that company may name them);
 * `asset` kinds hang off an asset, so that access groups limit them too; `user` kinds are one user's.
 */
export const TENANT_KINDS = {
  company: 'company',
  user: 'company',
  thresholdGroup: 'company',
  problemRule: 'company',
  monitorGroup: 'company',
  sharedView: 'company',
  sharedViewExternal: 'company',
  webhook: 'company',
  fileAttachment: 'company',
  contract: 'company',
  warranty: 'company',
  /** A schedule entry: the company's (a customer's people see those with an asset in their groups). */
  schedule: 'company',
  asset: 'asset',
  /** A data hall: the parent a unit may be placed or moved under. */
  parentAsset: 'asset',
  assetNote: 'asset',
  assetArtifact: 'asset',
  metricCommand: 'asset',
  detectedProblem: 'asset',
  problemAutomation: 'asset',
  maintenanceWindow: 'asset',
  ticket: 'asset',
  ticketComment: 'asset',
  ticketAttachment: 'asset',
  ticketConsumable: 'asset',
  timeEntry: 'asset',
  /** A file of a ticket's filled form (of one of its assets). */
  formAttachment: 'asset',
  notification: 'user',
} as const;
export type TenantKind = keyof typeof TENANT_KINDS;

/** Ids that name no tenant's object (catalogues, enums) or are not ids (free text): filled with a valid value. */
export const SHARED_KINDS = [
  'assetType',
  'metric',
  'role',
  'ticketStatus',
  'timeZone',
  'freeText',
  // The provider's form catalogue, with the ids of its elements (a company's own form would be a tenant kind).
  'form',
  'formElementAssociation',
  'formElementDef',
  // A NetSuite record's internal id (items, projects): the provider's accounting catalogue, no tenant's.
  'netsuiteRecord',
] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

export type IdKind = TenantKind | SharedKind;

/** By field name (the singular and the plural `Ids` alike). */
const BY_FIELD: Record<string, IdKind> = {
  companyId: 'company',
  userId: 'user',
  ownerUserId: 'user',
  assetId: 'asset',
  parentAssetId: 'parentAsset',
  assetTypeId: 'assetType',
  metricId: 'metric',
  roleId: 'role',
  statusId: 'ticketStatus',
  timeZoneId: 'timeZone',
  // A NetSuite item or customer number, an agent's batch: text the caller makes up, naming nothing stored.
  itemId: 'freeText',
  batchId: 'freeText',
  netSuiteCustomerInternalId: 'freeText',
  netSuiteInternalId: 'netsuiteRecord',
  netSuiteProjectId: 'netsuiteRecord',
  contractId: 'contract',
  warrantyId: 'warranty',
  scheduleId: 'schedule',
  // The technicians of a schedule entry.
  resourceId: 'user',
  monitorGroupId: 'monitorGroup',
  thresholdGroupId: 'thresholdGroup',
  problemRuleDefinitionId: 'problemRule',
  detectedProblemId: 'detectedProblem',
  problemAutomationId: 'problemAutomation',
  assetMaintenanceWindowId: 'maintenanceWindow',
  assetNoteId: 'assetNote',
  assetArtifactIndexId: 'assetArtifact',
  fileAttachmentId: 'fileAttachment',
  sharedViewId: 'sharedView',
  externalId: 'sharedViewExternal',
  webhookId: 'webhook',
  notificationId: 'notification',
  ticketId: 'ticket',
  commentId: 'ticketComment',
  ticketAttachmentId: 'ticketAttachment',
  ticketConsumableId: 'ticketConsumable',
  timeEntryId: 'timeEntry',
  // Forms (entities.forms.*): the entity is a ticket; the form and its elements are the catalogue's.
  entityId: 'ticket',
  formId: 'form',
  formElementDefAssociationId: 'formElementAssociation',
  formElementDefId: 'formElementDef',
  formAttachmentId: 'formAttachment',
  commandId: 'metricCommand',
  // audit.list's subject: the walk asks for an asset's history (its subjectType is set to match).
  subjectId: 'asset',
};

/** `id` in a path, or a body that is a bare list of ids: by the call's name, the longest prefix first. */
const BY_CALL_PREFIX: [prefix: string, kind: IdKind][] = [
  ['assets.types.', 'assetType'],
  ['assets.', 'asset'],
  ['users.', 'user'],
  ['roles.users.', 'user'],
  ['tickets.timeEntries.forTicket', 'ticket'],
  ['detectedProblems.', 'detectedProblem'],
  ['schedules.', 'schedule'],
];

export function isIdLikeField(name: string): boolean {
  return /^(id|ids)$|Ids?$/.test(name);
}

/** The kind an id field names, or undefined when no rule maps it (the walk then fails for the call). */
export function kindOfIdField(callName: string, field: string): IdKind | undefined {
  if (field !== 'id' && field !== 'ids' && field !== '') {
    const singular = field.endsWith('Ids') ? field.slice(0, -1) : field;
    return BY_FIELD[singular];
  }
  const rule = [...BY_CALL_PREFIX]
    .sort(([a], [b]) => b.length - a.length)
    .find(([prefix]) => callName.startsWith(prefix));
  return rule?.[1];
}

export function isTenantKind(kind: IdKind): kind is TenantKind {
  return kind in TENANT_KINDS;
}
