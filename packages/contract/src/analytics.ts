import type { EndpointDef } from './endpoint.ts';

/** Usage analytics (page views, events) and client error reports: issue 25 item 5. */
export const analyticsEndpoints = {} satisfies Record<string, EndpointDef>;
