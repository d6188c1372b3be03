import type { EndpointDef } from './endpoint.ts';

/** Accounting (spec 7, Accounting): the NetSuite session, inventory items, service items and projects. */
export const netsuiteEndpoints = {} satisfies Record<string, EndpointDef>;
