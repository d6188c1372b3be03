import { z } from 'zod';
import { dbId } from './common.ts';
import { endpoint, type EndpointDef } from './endpoint.ts';
import { pagedSchema, pageableQuerySchema } from './paging.ts';
import { subscriptionPlanSchema, type SubscriptionPlan } from './users.ts';

/**
 * What each plan unlocks, said once. Nothing in the console is gated by plan today (the spec gates screens by
 * permission), so this is the plans' description in words, shown on Settings → Subscriptions; each plan
 * includes everything of the plans before it.
 */
export const subscriptionPlanDetails: Readonly<
  Record<SubscriptionPlan, { name: string; unlocks: readonly string[] }>
> = {
  OBSERVABILITY: {
    name: 'Observability',
    unlocks: [
      'Live and historical metrics of every unit',
      'Health at a glance and alerts on problems',
      'Included with all units',
    ],
  },
  ENHANCED_MONITORING_AND_DIAGNOSTICS: {
    name: 'Enhanced Monitoring & Diagnostics',
    unlocks: ['Problem detection rules', 'Diagnose views shared across a team', 'Longer history'],
  },
  ENHANCED_SUPPORT: {
    name: 'Enhanced Support',
    unlocks: ['Service tickets worked by our staff', 'Checklists, parts and time recorded against units'],
  },
  SERVICE_CONTRACT: {
    name: 'Service Contract',
    unlocks: ['Scheduled maintenance', 'Warranties and coverage of the fleet under one contract'],
  },
};

/** How many companies and units are on one plan; a unit without its own plan is on its company's. */
export const planCountSchema = z.object({
  plan: subscriptionPlanSchema,
  companies: z.number().int(),
  units: z.number().int(),
});
export type PlanCount = z.infer<typeof planCountSchema>;

/** A company with its plan and how many of its units are on each plan. */
export const companySubscriptionSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  plan: subscriptionPlanSchema,
  unitCount: z.number().int(),
  /** Units on each plan (effective: a unit without its own plan counts under the company's). */
  unitsByPlan: z.record(subscriptionPlanSchema, z.number().int()),
});
export type CompanySubscription = z.infer<typeof companySubscriptionSchema>;

export const unitSubscriptionSchema = z.object({
  assetId: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  /** The unit's own plan, or null when it follows its company's. */
  subscription: subscriptionPlanSchema.nullable(),
  /** The plan the unit is on: its own, else its company's. */
  plan: subscriptionPlanSchema,
});
export type UnitSubscription = z.infer<typeof unitSubscriptionSchema>;

/** The most units one `subscriptions.assets.set` changes. */
export const SUBSCRIPTION_ASSETS_MAX = 1000;

export const subscriptionsEndpoints = {
  subscriptionsSummary: endpoint({
    name: 'subscriptions.summary',
    method: 'POST',
    path: '/subscriptions.summary',
    summary: 'Per plan, how many companies and units the caller may see are on it.',
    auth: 'user',
    body: z.strictObject({}),
    output: z.object({ plans: z.array(planCountSchema) }),
  }),
  subscriptionsCompaniesList: endpoint({
    name: 'subscriptions.companies.list',
    method: 'POST',
    path: '/subscriptions.companies.list',
    summary: 'The companies the caller may see, with their plan and their units per plan, by name.',
    auth: 'user',
    body: z.strictObject({
      search: z.string().trim().max(200).optional(),
      plan: subscriptionPlanSchema.optional(),
      pageableQuery: pageableQuerySchema,
    }),
    output: pagedSchema(companySubscriptionSchema),
  }),
  subscriptionsCompaniesSet: endpoint({
    name: 'subscriptions.companies.set',
    method: 'POST',
    path: '/subscriptions.companies.set',
    summary: "Sets a company's plan (provider staff with companies:write on it).",
    auth: 'user',
    body: z.strictObject({ companyId: dbId, subscription: subscriptionPlanSchema }),
    output: companySubscriptionSchema,
  }),
  subscriptionsAssetsList: endpoint({
    name: 'subscriptions.assets.list',
    method: 'POST',
    path: '/subscriptions.assets.list',
    summary: "A company's units the caller may see, with their own and effective plan, by name.",
    auth: 'user',
    body: z.strictObject({ companyId: dbId, pageableQuery: pageableQuerySchema }),
    output: pagedSchema(unitSubscriptionSchema),
  }),
  subscriptionsAssetsSet: endpoint({
    name: 'subscriptions.assets.set',
    method: 'POST',
    path: '/subscriptions.assets.set',
    summary:
      "Sets many units' plan at once, or null to follow their company's (provider staff with assets:write on every unit's company).",
    auth: 'user',
    body: z.strictObject({
      assetIds: z.array(dbId).min(1).max(SUBSCRIPTION_ASSETS_MAX),
      subscription: subscriptionPlanSchema.nullable(),
    }),
    output: z.object({ content: z.array(unitSubscriptionSchema) }),
  }),
} satisfies Record<string, EndpointDef>;
