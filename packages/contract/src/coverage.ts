import type { EndpointDef } from './endpoint.ts';

/** Contracts and warranties (spec 3 and 7, Warranties and contracts), and what covers a ticket's assets. */
export const coverageEndpoints = {} satisfies Record<string, EndpointDef>;
