import { z } from 'zod';
import { endpoint, type EndpointDef } from './endpoint.ts';

/** Spec (section 9): inventory page size and cache block; project search page size. */
export const INVENTORY_PAGE_SIZE = 20;
export const PROJECT_SEARCH_PAGE_SIZE = 20;
/** Spec (section 4): the browser's accounting session may be refreshed for this long after it was made. */
export const ACCOUNTING_REFRESH_WINDOW_SECONDS = 10_800;
/** An authorization's state is good for 10 minutes (NetSuite's own code lifetime). */
export const NETSUITE_AUTH_STATE_SECONDS = 600;
/** The longest search text the inventory and project searches take. */
export const NETSUITE_SEARCH_MAX = 100;

/** The browser's accounting session as the server hands it out (spec 3, Accounting: kept in the browser). */
export const netsuiteSessionTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds the access token lasts, as NetSuite gave them. */
  expiresIn: z.number().int(),
});
export type NetsuiteSessionTokens = z.infer<typeof netsuiteSessionTokensSchema>;

/** NetSuite's internal id of a record (a positive whole number). */
export const netSuiteInternalIdSchema = z.number().int().positive().max(2_147_483_647);

/** A page of NetSuite rows: `limit` rows from `offset`, of `totalResults`. */
export function netsuitePagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    offset: z.number().int(),
    limit: z.number().int(),
    totalResults: z.number().int(),
    hasMore: z.boolean(),
  });
}

const pageRequest = (defaultLimit: number) => ({
  limit: z.number().int().min(1).max(100).default(defaultLimit),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
const searchText = z.string().trim().max(NETSUITE_SEARCH_MAX).optional();

/** Spec 3, Inventory items: a part with every column (provider staff). */
export const inventoryPartSchema = z.object({
  id: z.number().int(),
  itemId: z.string(),
  displayName: z.string().nullable(),
  mpn: z.string().nullable(),
  manufacturer: z.string().nullable(),
  weightUnits: z.string().nullable(),
  /** The sales price a ticket's part is billed at. */
  basePrice: z.number().nullable(),
  totalQuantityOnHand: z.number().nullable(),
  costEstimate: z.number().nullable(),
  averageCost: z.number().nullable(),
  lastPurchasePrice: z.number().nullable(),
});
/** A part as an external user gets it: no quantity and no costs at all (absent, not null). */
export const inventoryPartExternalSchema = inventoryPartSchema.omit({
  totalQuantityOnHand: true,
  costEstimate: true,
  averageCost: true,
  lastPurchasePrice: true,
});
export type InventoryPart = z.infer<typeof inventoryPartSchema>;
export type InventoryPartExternal = z.infer<typeof inventoryPartExternalSchema>;

/** Spec 3, Inventory items: a service with every column (provider staff). */
export const inventoryServiceSchema = z.object({
  id: z.number().int(),
  itemId: z.string(),
  displayName: z.string().nullable(),
  basePrice: z.number().nullable(),
  costEstimate: z.number().nullable(),
  averageCost: z.number().nullable(),
  lastPurchasePrice: z.number().nullable(),
});
/** A service as an external user gets it: no costs (absent, not null). */
export const inventoryServiceExternalSchema = inventoryServiceSchema.omit({
  costEstimate: true,
  averageCost: true,
  lastPurchasePrice: true,
});
export type InventoryService = z.infer<typeof inventoryServiceSchema>;
export type InventoryServiceExternal = z.infer<typeof inventoryServiceExternalSchema>;

// The full shape is tried first: a provider's row keeps its costs, an external user's (built without) passes the
// second, which declares none, so nothing cost-like can ride along in the answer.
const partSchema = z.union([inventoryPartSchema, inventoryPartExternalSchema]);
const serviceSchema = z.union([inventoryServiceSchema, inventoryServiceExternalSchema]);

/** A NetSuite project (`job`) with its display name 'Parent : Name' over its whole parent chain. */
export const netsuiteProjectSchema = z.object({
  id: z.number().int(),
  /** The project's own name. */
  entityId: z.string(),
  /** 'Parent : Name' over the whole chain, the top customer first. */
  name: z.string(),
  customerId: z.number().int().nullable(),
});
export type NetsuiteProject = z.infer<typeof netsuiteProjectSchema>;

const inventoryListBody = z.strictObject({
  ...pageRequest(INVENTORY_PAGE_SIZE),
  search: searchText,
});

export const netsuiteEndpoints = {
  netsuiteAuthorizationStart: endpoint({
    name: 'netsuite.authorization.start',
    method: 'POST',
    path: '/netsuite.authorization.start',
    summary:
      "NetSuite's authorization page address for a browser redirect, with a random state bound to the caller for 10 minutes (netsuite:manage).",
    auth: 'user',
    body: z.strictObject({}).optional(),
    output: z.object({
      authorizationUrl: z.string(),
      state: z.string(),
      redirectUri: z.string(),
      expiresAt: z.string(),
    }),
  }),
  netsuiteAccessTokenGet: endpoint({
    name: 'netsuite.accessToken.get',
    method: 'POST',
    path: '/netsuite.accessToken.get',
    summary:
      "Exchanges the authorization return's code (its state checked once: the caller's, not expired) for tokens; keeps them sealed as the server's connection and answers the browser's session (netsuite:manage).",
    auth: 'user',
    body: z.strictObject({
      code: z.string().min(1).max(2000),
      redirectUri: z.string().min(1).max(2000),
      state: z.string().min(1).max(200),
    }),
    output: netsuiteSessionTokensSchema,
  }),
  netsuiteAccessTokenRefresh: endpoint({
    name: 'netsuite.accessToken.refresh',
    method: 'POST',
    path: '/netsuite.accessToken.refresh',
    summary:
      "A new access token for the browser session's refresh token (NetSuite keeps the refresh token) (netsuite:manage).",
    auth: 'user',
    body: z.strictObject({ refreshToken: z.string().min(1).max(2000) }),
    output: netsuiteSessionTokensSchema,
  }),
  netsuiteInventoryItemsList: endpoint({
    name: 'netsuite.inventoryItems.list',
    method: 'POST',
    path: '/netsuite.inventoryItems.list',
    summary:
      'Parts in NetSuite, paged, searched over item id, name, MPN and manufacturer. External users get no quantity or costs (netsuite:read).',
    auth: 'user',
    body: inventoryListBody,
    output: netsuitePagedSchema(partSchema),
  }),
  netsuiteInventoryItemsGet: endpoint({
    name: 'netsuite.inventoryItems.get',
    method: 'POST',
    path: '/netsuite.inventoryItems.get',
    summary: 'One part by its NetSuite internal id; external users get no quantity or costs (netsuite:read).',
    auth: 'user',
    body: z.strictObject({ netSuiteInternalId: netSuiteInternalIdSchema }),
    output: partSchema,
  }),
  netsuiteServiceSalesItemsList: endpoint({
    name: 'netsuite.serviceSalesItems.list',
    method: 'POST',
    path: '/netsuite.serviceSalesItems.list',
    summary:
      'Service items in NetSuite, paged, searched over item id and name. External users get no costs (netsuite:read).',
    auth: 'user',
    body: inventoryListBody,
    output: netsuitePagedSchema(serviceSchema),
  }),
  netsuiteServiceSalesItemsGet: endpoint({
    name: 'netsuite.serviceSalesItems.get',
    method: 'POST',
    path: '/netsuite.serviceSalesItems.get',
    summary: 'One service item by its NetSuite internal id; external users get no costs (netsuite:read).',
    auth: 'user',
    body: z.strictObject({ netSuiteInternalId: netSuiteInternalIdSchema }),
    output: serviceSchema,
  }),
  netsuiteProjectsList: endpoint({
    name: 'netsuite.projects.list',
    method: 'POST',
    path: '/netsuite.projects.list',
    summary:
      "NetSuite projects, 20 a page, named 'Parent : Name' and searched over the whole chain (netsuite:manage).",
    auth: 'user',
    body: z.strictObject({
      ...pageRequest(PROJECT_SEARCH_PAGE_SIZE),
      fuzzySearch: searchText,
    }),
    output: netsuitePagedSchema(netsuiteProjectSchema),
  }),
} satisfies Record<string, EndpointDef>;
