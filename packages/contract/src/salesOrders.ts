import type { EndpointDef } from './endpoint.ts';

/** Sales orders (spec 7, Accounting; 2, Order overview page): the orders tabs and netsuite.tickets.salesOrders.*. */
export const salesOrdersEndpoints = {} satisfies Record<string, EndpointDef>;
