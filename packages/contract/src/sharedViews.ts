import { z } from 'zod';
import { dbId, okSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/** Spec: shared view types; a new view is provisional unless it says otherwise. */
export const sharedViewTypes = ['PERSONAL', 'PUBLISHED', 'PROVISIONAL', 'GLOBAL'] as const;
export type SharedViewType = (typeof sharedViewTypes)[number];
/** Spec: shared view contexts; default none. */
export const sharedViewContexts = ['LOGS', 'METRICS', 'DIAGNOSE', 'NONE'] as const;
export type SharedViewContext = (typeof sharedViewContexts)[number];

/** A view's state travels whole with every save and every open: bounded so that a view stays a view. */
export const SHARED_VIEW_DATA_MAX_BYTES = 262_144;

export const sharedViewSummarySchema = z.object({
  sharedViewId: z.number().int(),
  externalId: z.string(),
  creatorId: z.number().int(),
  creatorName: z.string().nullable(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(sharedViewTypes),
  context: z.enum(sharedViewContexts),
  schema: z.string(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SharedViewSummary = z.infer<typeof sharedViewSummarySchema>;

export const sharedViewSchema = sharedViewSummarySchema.extend({
  data: z.record(z.string(), z.unknown()),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

const sharedViewFields = {
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is at most 200 characters'),
  description: z.string().trim().max(2000).default(''),
  type: z.enum(sharedViewTypes).default('PROVISIONAL'),
  context: z.enum(sharedViewContexts).default('NONE'),
  /** Spec: 'v0' by default, 'v4' for diagnose views, '2' for metrics views. */
  schema: z
    .string()
    .regex(/^v?\d{1,3}$/, "A schema is a version such as 'v4' or '2'")
    .default('v0'),
  data: z
    .record(z.string().max(200), z.unknown())
    .refine(
      (data) => JSON.stringify(data).length <= SHARED_VIEW_DATA_MAX_BYTES,
      `View data is at most ${SHARED_VIEW_DATA_MAX_BYTES / 1024} KB of JSON`,
    ),
};
const sharedViewIdBody = z.strictObject({ sharedViewId: dbId });

export const sharedViewsEndpoints = {
  sharedViewsList: endpoint({
    name: 'sharedViews.list',
    method: 'POST',
    path: '/sharedViews.list',
    summary:
      "The views the caller may select in the given contexts, by name: their own, their company's published ones and the global ones (provisional views only when asked for, and only the caller's own). Without their data.",
    auth: 'user',
    body: z.strictObject({
      contexts: z.array(z.enum(sharedViewContexts)).min(1).max(4),
      types: z.array(z.enum(sharedViewTypes)).min(1).max(4).optional(),
    }),
    output: z.array(sharedViewSummarySchema),
  }),
  sharedViewsGet: endpoint({
    name: 'sharedViews.get',
    method: 'POST',
    path: '/sharedViews.get',
    summary:
      'One view with its data, deleted ones included (they open as a draft). Personal views only to their creator, published and provisional ones only within their company.',
    auth: 'user',
    body: sharedViewIdBody,
    output: sharedViewSchema,
  }),
  sharedViewsGetByExternalId: endpoint({
    name: 'sharedViews.getByExternalId',
    method: 'POST',
    path: '/sharedViews.getByExternalId',
    summary: 'One view by its external id (a UUID), with the same visibility as sharedViews.get.',
    auth: 'user',
    body: z.strictObject({ externalId: z.uuid('Expected a UUID') }),
    output: sharedViewSchema,
  }),
  sharedViewsInsert: endpoint({
    name: 'sharedViews.insert',
    method: 'POST',
    path: '/sharedViews.insert',
    summary:
      "Saves a view in the caller's company. GLOBAL needs sharedViews:setGlobal; LOGS views need assets:logs:read, the others metrics:read.",
    auth: 'user',
    body: z.strictObject(sharedViewFields),
    output: sharedViewSchema,
  }),
  sharedViewsUpdate: endpoint({
    name: 'sharedViews.update',
    method: 'POST',
    path: '/sharedViews.update',
    summary:
      'Replaces a view (rename, publish, new state). Only its creator may, or for a global view a holder of sharedViews:setGlobal.',
    auth: 'user',
    body: z.strictObject({ sharedViewId: dbId, ...sharedViewFields }),
    output: sharedViewSchema,
  }),
  sharedViewsDelete: endpoint({
    name: 'sharedViews.delete',
    method: 'POST',
    path: '/sharedViews.delete',
    summary: 'Marks a view deleted (its links then open a draft). Only its creator may.',
    auth: 'user',
    body: sharedViewIdBody,
    output: okSchema,
  }),
  sharedViewsSetGlobal: endpoint({
    name: 'sharedViews.setGlobal',
    method: 'POST',
    path: '/sharedViews.setGlobal',
    summary: 'Makes a view global: everyone may select it. Needs sharedViews:setGlobal.',
    auth: 'user',
    body: sharedViewIdBody,
    output: sharedViewSchema,
  }),
  sharedViewsUnsetGlobal: endpoint({
    name: 'sharedViews.unsetGlobal',
    method: 'POST',
    path: '/sharedViews.unsetGlobal',
    summary: "Makes a global view published again (to its creator's company). Needs sharedViews:setGlobal.",
    auth: 'user',
    body: sharedViewIdBody,
    output: sharedViewSchema,
  }),
};
