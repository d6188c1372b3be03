import type { SubscriptionPlan } from '@kelvin/contract';

export interface PlanCardContent {
  plan: SubscriptionPlan;
  name: string;
  /** Spec: plan prices are blank. */
  price: string;
  summary: string;
  contactLabel: string;
}

/** Spec: the four plans of the landing page, with their contact actions. */
export const landingPlans: readonly PlanCardContent[] = [
  {
    plan: 'OBSERVABILITY',
    name: 'Observability',
    price: '',
    summary: 'Live and historical metrics of every unit, health at a glance and alerts on problems.',
    contactLabel: 'Included with all units',
  },
  {
    plan: 'ENHANCED_MONITORING_AND_DIAGNOSTICS',
    name: 'Enhanced Monitoring & Diagnostics',
    price: '',
    summary: 'Problem detection rules, diagnose views shared across your team and longer history.',
    contactLabel: 'Add monitoring',
  },
  {
    plan: 'ENHANCED_SUPPORT',
    name: 'Enhanced Support',
    price: '',
    summary:
      'Service tickets worked by our staff, with checklists, parts and time recorded against your units.',
    contactLabel: 'Request support tier',
  },
  {
    plan: 'SERVICE_CONTRACT',
    name: 'Service Contract',
    price: '',
    summary: 'Scheduled maintenance, warranties and coverage of your fleet under one contract.',
    contactLabel: 'Contact for contract',
  },
];

/** Spec: claims on the landing page. */
export const landingClaims: readonly string[] = [
  'About 200 metrics per unit for legacy units',
  'Over 2000 metrics per unit for non-legacy units',
  'Up to 120 values per metric per minute',
  'Up to 24 months of history',
];
