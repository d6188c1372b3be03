import { z } from 'zod';
import { dbId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';

/**
 * Spec (Asset maintenance window): ACTIVE while now is inside the window, UPCOMING before it, PAST after it,
 * CANCELED once canceled (whatever the time).
 */
export const maintenanceWindowStates = ['ACTIVE', 'UPCOMING', 'PAST', 'CANCELED'] as const;
export const maintenanceWindowStateSchema = z.enum(maintenanceWindowStates);
export type MaintenanceWindowState = z.infer<typeof maintenanceWindowStateSchema>;

export const MAINTENANCE_DESCRIPTION_MAX = 1000;
export const MAINTENANCE_CANCEL_REASON_MAX = 500;
/** A window lasts at most this long: longer is nearly always a mistyped year, and would hide a unit for good. */
export const MAINTENANCE_MAX_DAYS = 366;
export const MAINTENANCE_MAX_MS = MAINTENANCE_MAX_DAYS * 86_400_000;

let knownZones: ReadonlySet<string> | undefined;

/**
 * An IANA zone the runtime knows: one of its listed zones (the list the time-zone picker offers), or an alias of
 * one that it accepts (Asia/Calcutta for Asia/Kolkata; browsers and servers list different spellings).
 */
export function isKnownTimeZone(id: string): boolean {
  knownZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (knownZones.has(id)) return true;
  // Offsets such as '+01:00' are not zones: they do not follow daylight saving the way a place does.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(id)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneIdSchema = z
  .string()
  .trim()
  .min(1, 'Choose a time zone')
  .max(64, 'Time zone is not a known IANA time zone')
  .refine(isKnownTimeZone, {
    message: 'Time zone is not a known IANA time zone (for example Europe/Berlin)',
  });

const isoInstant = z.iso.datetime({
  offset: true,
  error: 'Expected a date and time such as 2025-06-01T08:00:00Z',
});

/** The window's bounds as instants; `to` after `from`, and no longer than MAINTENANCE_MAX_DAYS. */
export const maintenanceTimeWindowSchema = z
  .strictObject({ from: isoInstant, to: isoInstant })
  .superRefine((window, context) => {
    const length = Date.parse(window.to) - Date.parse(window.from);
    if (length <= 0) context.addIssue({ code: 'custom', path: ['to'], message: 'End must be after start' });
    else if (length > MAINTENANCE_MAX_MS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A maintenance window lasts at most ${MAINTENANCE_MAX_DAYS} days`,
      });
  });

export const maintenanceDescriptionSchema = z
  .string()
  .trim()
  .min(1, 'Description is required')
  .max(MAINTENANCE_DESCRIPTION_MAX, `Description is at most ${MAINTENANCE_DESCRIPTION_MAX} characters`);

export const cancelReasonSchema = z
  .string()
  .trim()
  .min(1, 'Cancel reason is required')
  .max(MAINTENANCE_CANCEL_REASON_MAX, `Cancel reason is at most ${MAINTENANCE_CANCEL_REASON_MAX} characters`);

const personSchema = z.object({ userId: z.number().int(), name: z.string() });

/** Spec: assetMaintenanceWindowId, assetId, assetName, description, timeWindow, timeZoneId, canceledAt,
 * cancelReason, state, isPast, plus the creating user; and what the console shows beside them. */
export const maintenanceWindowSchema = z.object({
  assetMaintenanceWindowId: z.number().int(),
  assetId: z.number().int(),
  assetName: z.string(),
  /** The covered asset's type: a unit, or a site, building or data hall standing for every unit beneath it. */
  assetTypeId: z.number().int(),
  companyId: z.number().int(),
  description: z.string(),
  timeWindow: z.object({ from: z.string(), to: z.string() }),
  /** The zone the bounds were entered in and are shown in. */
  timeZoneId: z.string(),
  canceledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  canceledBy: personSchema.nullable(),
  state: maintenanceWindowStateSchema,
  /** Its end has passed (true also of a canceled window whose end has passed). */
  isPast: z.boolean(),
  createdBy: personSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

/** What a list may be sorted by (pageableQuery.sort[].property). */
export const maintenanceWindowSortProperties = [
  'timeWindow.from',
  'timeWindow.to',
  'assetName',
  'description',
  'state',
  'createdAt',
] as const;

export const maintenanceWindowFilterSchema = z.strictObject({
  /** Windows on these assets; with includeRelated also on the assets above them (which cover them) and below. */
  assetIds: z.array(dbId).max(5000).optional(),
  includeRelated: z.boolean().default(true),
  companyIds: z.array(dbId).max(500).optional(),
  states: z.array(maintenanceWindowStateSchema).max(4).optional(),
  /** Windows overlapping [from, to]; either bound may be left out. */
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  /** Matched, ignoring case, against the description, asset name, cancel reason and creator's name. */
  text: z.string().trim().max(200).optional(),
});

export const maintenanceWindowsEndpoints = {
  assetsListMaintenanceWindows: endpoint({
    name: 'assets.listMaintenanceWindows',
    method: 'POST',
    path: '/assets.listMaintenanceWindows',
    summary:
      "Maintenance windows of the assets the caller may read (assets:read on the asset's company), filtered and paged; active first, then upcoming soonest first, then the rest newest first unless sorted otherwise.",
    auth: 'user',
    body: z
      .strictObject({
        filter: maintenanceWindowFilterSchema.default({ includeRelated: true }),
        pageableQuery: pageableQuerySchema.optional(),
      })
      .superRefine((body, context) => {
        const { from, to } = body.filter;
        if (from && to && Date.parse(to) < Date.parse(from))
          context.addIssue({ code: 'custom', path: ['filter', 'to'], message: 'to must not be before from' });
        for (const [index, sort] of (body.pageableQuery?.sort ?? []).entries()) {
          if (!maintenanceWindowSortProperties.some((property) => property === sort.property))
            context.addIssue({
              code: 'custom',
              path: ['pageableQuery', 'sort', index, 'property'],
              message: `Sort by one of ${maintenanceWindowSortProperties.join(', ')}`,
            });
        }
      }),
    output: pagedSchema(maintenanceWindowSchema),
  }),
  assetsCreateMaintenanceWindow: endpoint({
    name: 'assets.createMaintenanceWindow',
    method: 'POST',
    path: '/assets.createMaintenanceWindow',
    summary:
      "Plans maintenance of a unit, or of every unit of a site, building or data hall (units added later included), needs maintenanceWindows:write on the asset's company. Audited.",
    auth: 'user',
    body: z.strictObject({
      assetId: dbId,
      description: maintenanceDescriptionSchema,
      timeWindow: maintenanceTimeWindowSchema,
      timeZoneId: timeZoneIdSchema,
    }),
    output: maintenanceWindowSchema,
  }),
  assetsUpdateMaintenanceWindow: endpoint({
    name: 'assets.updateMaintenanceWindow',
    method: 'POST',
    path: '/assets.updateMaintenanceWindow',
    summary:
      'Changes the description, bounds or zone of a window that is neither canceled nor past (409 otherwise). Audited.',
    auth: 'user',
    body: z.strictObject({
      assetMaintenanceWindowId: dbId,
      description: maintenanceDescriptionSchema,
      timeWindow: maintenanceTimeWindowSchema,
      timeZoneId: timeZoneIdSchema,
    }),
    output: maintenanceWindowSchema,
  }),
  assetsCancelMaintenanceWindow: endpoint({
    name: 'assets.cancelMaintenanceWindow',
    method: 'POST',
    path: '/assets.cancelMaintenanceWindow',
    summary:
      'Cancels windows, each with its reason: all or none (409 when one is already canceled). Audited, with who and when.',
    auth: 'user',
    body: z
      .array(z.strictObject({ assetMaintenanceWindowId: dbId, cancelReason: cancelReasonSchema }))
      .min(1, 'Name at least one window to cancel')
      .max(100)
      .superRefine((items, context) => {
        const seen = new Set<number>();
        for (const [index, item] of items.entries()) {
          if (seen.has(item.assetMaintenanceWindowId))
            context.addIssue({
              code: 'custom',
              path: [index, 'assetMaintenanceWindowId'],
              message: `Window ${item.assetMaintenanceWindowId} is named twice`,
            });
          seen.add(item.assetMaintenanceWindowId);
        }
      }),
    output: z.array(maintenanceWindowSchema),
  }),
};
