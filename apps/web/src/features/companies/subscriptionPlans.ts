import { subscriptionPlans, type SubscriptionPlan } from '@kelvin/contract';
import { landingPlans } from '../landing/plans.ts';

/** Plans read as on the landing page's cards. */
export function subscriptionPlanLabel(plan: SubscriptionPlan): string {
  return landingPlans.find((card) => card.plan === plan)?.name ?? plan;
}

export const subscriptionPlanOptions = subscriptionPlans.map((plan) => ({
  value: plan,
  label: subscriptionPlanLabel(plan),
}));

export function isSubscriptionPlan(value: string | null): value is SubscriptionPlan {
  return subscriptionPlans.some((plan) => plan === value);
}
