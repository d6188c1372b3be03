import type { EndpointDef } from './endpoint.ts';

/** Subscription plans of companies and units, and what each unlocks: issue 25 item 4. */
export const subscriptionsEndpoints = {} satisfies Record<string, EndpointDef>;
