import { subscriptionPlanDetails, subscriptionPlans, type SubscriptionPlan } from '@kelvin/contract';

export const planName = (plan: SubscriptionPlan) => subscriptionPlanDetails[plan].name;

export const planOptions = subscriptionPlans.map((plan) => ({ value: plan, label: planName(plan) }));

/** A unit may follow its company's plan: the select's value for "no plan of its own". */
export const COMPANY_PLAN = 'COMPANY';

export function asPlan(value: string | null): SubscriptionPlan | undefined {
  return subscriptionPlans.find((plan) => plan === value);
}
