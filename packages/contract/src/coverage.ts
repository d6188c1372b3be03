import { z } from 'zod';
import { dbId, okSchema } from './common.ts';
import { endpoint, type EndpointDef } from './endpoint.ts';
import { timeZoneIdSchema } from './maintenanceWindows.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';
import { calendarDate } from './timeEntries.ts';

export const COVERAGE_LABEL_MAX = 200;
/** A contract or warranty covers at most this many assets (a large site's units, with room to spare). */
export const COVERAGE_ASSETS_MAX = 2000;
export const WARRANTY_PAGE_SIZE = 25;

/** Where a contract or warranty stands today: not started, running (both end days included), or over. */
export const coverageStates = ['UPCOMING', 'ACTIVE', 'EXPIRED'] as const;
export const coverageStateSchema = z.enum(coverageStates);
export type CoverageState = z.infer<typeof coverageStateSchema>;

/** Spec (Contract): managed status and payment status are displayed; these are their values. */
export const contractManagedStatuses = ['MANAGED', 'CO_MANAGED', 'UNMANAGED'] as const;
export const contractPaymentStatuses = ['PAID', 'INVOICED', 'UNPAID', 'OVERDUE'] as const;
export const CONTRACT_MANAGED_STATUS_LABELS: Record<(typeof contractManagedStatuses)[number], string> = {
  MANAGED: 'Managed',
  CO_MANAGED: 'Co-managed',
  UNMANAGED: 'Unmanaged',
};
export const CONTRACT_PAYMENT_STATUS_LABELS: Record<(typeof contractPaymentStatuses)[number], string> = {
  PAID: 'Paid',
  INVOICED: 'Invoiced',
  UNPAID: 'Unpaid',
  OVERDUE: 'Overdue',
};

/** Spec (Warranty): start kinds, date commissioned and date delivered. */
export const warrantyStartKinds = ['DATE_COMMISSIONED', 'DATE_DELIVERED'] as const;
export const WARRANTY_START_KIND_LABELS: Record<(typeof warrantyStartKinds)[number], string> = {
  DATE_COMMISSIONED: 'Date commissioned',
  DATE_DELIVERED: 'Date delivered',
};

const labelSchema = z
  .string()
  .trim()
  .min(1, 'Label is required')
  .max(COVERAGE_LABEL_MAX, `Label is at most ${COVERAGE_LABEL_MAX} characters`);

const assetIdsSchema = z
  .array(dbId)
  .max(COVERAGE_ASSETS_MAX, `At most ${COVERAGE_ASSETS_MAX} assets`)
  .transform((ids) => [...new Set(ids)]);

/** A warranty lasts whole years, months, weeks or days: P2Y, P18M, P1Y6M, P90D. */
export const warrantyDurationSchema = z
  .string()
  .trim()
  .regex(
    /^P(?=\d)(\d{1,3}Y)?(\d{1,4}M)?(\d{1,4}W)?(\d{1,5}D)?$/,
    'Duration is an ISO 8601 period of whole years, months, weeks or days, for example P2Y or P18M',
  );

export const contractSchema = z.object({
  contractId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  label: z.string(),
  managedStatus: z.enum(contractManagedStatuses),
  paymentStatus: z.enum(contractPaymentStatuses),
  /** Calendar dates (yyyy-MM-dd, UTC days), both included. */
  startDate: z.string(),
  endDate: z.string(),
  /** Whether a covered ticket's parts are at no charge as well as its labour. */
  coversParts: z.boolean(),
  assetIds: z.array(z.number().int()),
  state: coverageStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceContract = z.infer<typeof contractSchema>;

/** Spec (Warranty). startDate is a calendar date in timeZoneId; endDate = startDate + duration, included. */
export const warrantySchema = z.object({
  warrantyId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  assetIds: z.array(z.number().int()),
  label: z.string(),
  state: coverageStateSchema,
  duration: z.string(),
  startKind: z.enum(warrantyStartKinds),
  startDate: z.string(),
  endDate: z.string(),
  isExpired: z.boolean(),
  isSample: z.boolean(),
  timeZoneId: z.string(),
  formValues: z.array(z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Warranty = z.infer<typeof warrantySchema>;

/** Spec: warranties.list answers paged content of {warranty, warrantyCompanyName, formValues}. */
export const warrantyListItemSchema = z.object({
  warranty: warrantySchema,
  warrantyCompanyName: z.string(),
  formValues: z.array(z.unknown()),
});

const contractFields = {
  label: labelSchema,
  managedStatus: z.enum(contractManagedStatuses),
  paymentStatus: z.enum(contractPaymentStatuses),
  startDate: calendarDate,
  endDate: calendarDate,
  coversParts: z.boolean().default(true),
};

const startNotAfterEnd = (body: { startDate: string; endDate: string }, context: z.RefinementCtx) => {
  if (body.startDate > body.endDate)
    context.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'End Date must be on or after Start Date',
    });
};

const warrantyFields = {
  companyId: dbId,
  assetIds: assetIdsSchema,
  label: labelSchema,
  duration: warrantyDurationSchema,
  /** A calendar date in the warranty's time zone. */
  startDate: calendarDate,
  isSample: z.boolean(),
  timeZoneId: timeZoneIdSchema,
  startKind: z.enum(warrantyStartKinds).optional(),
};

/** What covers an asset on a date: the contracts and warranties active that day. */
export const assetCoverageOnDateSchema = z.object({
  assetId: z.number().int(),
  /** The day asked about (yyyy-MM-dd), or today (UTC) when none was given. */
  date: z.string(),
  contracts: z.array(contractSchema),
  warranties: z.array(warrantySchema),
  label: z.enum(['Contract', 'Warranty', 'No Coverage']),
});

const idsFilter = z.array(dbId).max(1000).optional();

/** Contracts and warranties (spec 3 and 7, Warranties and contracts), and what covers a ticket's assets. */
export const coverageEndpoints = {
  warrantiesList: endpoint({
    name: 'warranties.list',
    method: 'POST',
    path: '/warranties.list',
    summary:
      'Warranties of the companies the caller reads (warranties:read), filtered by company, asset or id, paged; newest start first.',
    auth: 'user',
    body: z.strictObject({
      companyIds: idsFilter,
      assetIds: idsFilter,
      warrantyIds: idsFilter,
      pageableQuery: pageableQuerySchema.optional(),
    }),
    output: pagedSchema(warrantyListItemSchema),
  }),
  warrantiesCreate: endpoint({
    name: 'warranties.create',
    method: 'POST',
    path: '/warranties.create',
    summary:
      'Creates a warranty (warranties:write on the company) on assets of that company; its start date is a day in its time zone and it ends start + duration. Audited.',
    auth: 'user',
    body: z.strictObject(warrantyFields),
    output: warrantySchema,
  }),
  warrantiesUpdate: endpoint({
    name: 'warranties.update',
    method: 'POST',
    path: '/warranties.update',
    summary:
      'Changes a warranty (spec payload: warrantyId, companyId, assetIds, label, duration, startDate, isSample, timeZoneId); the company cannot change. Audited.',
    auth: 'user',
    body: z.strictObject({ warrantyId: dbId, ...warrantyFields }),
    output: warrantySchema,
  }),
  warrantiesDelete: endpoint({
    name: 'warranties.delete',
    method: 'POST',
    path: '/warranties.delete',
    summary: 'Deletes a warranty and its asset links (warranties:write). Audited.',
    auth: 'user',
    body: z.strictObject({ warrantyId: dbId }),
    output: okSchema,
  }),
  contractsList: endpoint({
    name: 'contracts.list',
    method: 'POST',
    path: '/contracts.list',
    summary:
      'Contracts of the companies the caller reads (contracts:read), by id, company or asset; the content is a list, newest start first.',
    auth: 'user',
    body: z.strictObject({ contractIds: idsFilter, companyIds: idsFilter, assetIds: idsFilter }),
    output: z.object({ content: z.array(contractSchema) }),
  }),
  contractsCreate: endpoint({
    name: 'contracts.create',
    method: 'POST',
    path: '/contracts.create',
    summary: 'Creates a service contract of a company (contracts:write), optionally on its assets. Audited.',
    auth: 'user',
    body: z
      .strictObject({ companyId: dbId, ...contractFields, assetIds: assetIdsSchema.default([]) })
      .superRefine(startNotAfterEnd),
    output: contractSchema,
  }),
  contractsUpdate: endpoint({
    name: 'contracts.update',
    method: 'POST',
    path: '/contracts.update',
    summary:
      "Changes a contract's label, statuses, dates and whether it covers parts (contracts:write). Audited.",
    auth: 'user',
    body: z.strictObject({ contractId: dbId, ...contractFields }).superRefine(startNotAfterEnd),
    output: contractSchema,
  }),
  contractsDelete: endpoint({
    name: 'contracts.delete',
    method: 'POST',
    path: '/contracts.delete',
    summary: 'Deletes a contract and its asset links (contracts:write). Audited.',
    auth: 'user',
    body: z.strictObject({ contractId: dbId }),
    output: okSchema,
  }),
  contractsAssetsSet: endpoint({
    name: 'contracts.assets.set',
    method: 'POST',
    path: '/contracts.assets.set',
    summary:
      "Sets the assets a contract covers: assets of the contract's company (contracts:write). Audited.",
    auth: 'user',
    body: z.strictObject({ contractId: dbId, assetIds: assetIdsSchema }),
    output: contractSchema,
  }),
  assetsCoverageGet: endpoint({
    name: 'assets.coverage.get',
    method: 'POST',
    path: '/assets.coverage.get',
    summary:
      "What covers an asset on a day (both end days included): contracts (contracts:read) and warranties (warranties:read) of the asset's company; today when no date is given.",
    auth: 'user',
    body: z.strictObject({ assetId: dbId, date: calendarDate.optional() }),
    output: assetCoverageOnDateSchema,
  }),
} satisfies Record<string, EndpointDef>;
