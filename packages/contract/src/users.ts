import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { permissionsSchema } from './permissions.ts';

/** The four plans of the landing page; a company subscribes to one. */
export const subscriptionPlans = [
  'OBSERVABILITY',
  'ENHANCED_MONITORING_AND_DIAGNOSTICS',
  'ENHANCED_SUPPORT',
  'SERVICE_CONTRACT',
] as const;
export const subscriptionPlanSchema = z.enum(subscriptionPlans);
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const userSchema = z.object({
  userId: z.number().int(),
  companyId: z.number().int(),
  identityId: z.string(),
  isSystem: z.boolean(),
  name: z.string(),
  role: z.string().nullable(),
  email: z.string(),
  primaryPhone: z.string().nullable(),
  secondaryPhone: z.string().nullable(),
  location: z.string().nullable(),
  isDeleted: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const subscriptionSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  plan: subscriptionPlanSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const currentUserSchema = z.object({
  user: userSchema,
  permissions: permissionsSchema,
  subscription: subscriptionSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Spec: product tours record as seen under these names. */
export const productTours = [
  'TicketDetailsTourSeen',
  'AssetDashboardTourSeen',
  'AssetDiagnoseTourSeen',
] as const;
export type ProductTour = (typeof productTours)[number];

export const usersEndpoints = {
  usersMe: endpoint({
    name: 'users.me',
    method: 'GET',
    path: '/users/me',
    summary: 'The signed-in user, their permissions and their company subscription.',
    auth: 'user',
    output: currentUserSchema,
  }),
  usersToursList: endpoint({
    name: 'users.tours.list',
    method: 'GET',
    path: '/users/me/tours',
    summary: 'The product tours the signed-in user has seen, on any device.',
    auth: 'user',
    output: z.array(z.enum(productTours)),
  }),
  usersToursMarkSeen: endpoint({
    name: 'users.tours.markSeen',
    method: 'POST',
    path: '/users/me/tours.markSeen',
    summary:
      'Records a product tour as seen by the signed-in user (finished or skipped); repeating it is harmless.',
    auth: 'user',
    body: z.strictObject({ tour: z.enum(productTours) }),
    output: z.array(z.enum(productTours)),
  }),
};
