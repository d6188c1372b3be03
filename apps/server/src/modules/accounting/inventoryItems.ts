import type {
  InventoryPart,
  InventoryPartExternal,
  InventoryService,
  InventoryServiceExternal,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal, requirePermission } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import { withServerNetsuite, type AccountingDeps } from './accountingConnection.ts';
import { answeringNetsuiteFailures } from './netsuiteFailure.ts';
import { suiteqlNumber, suiteqlSearchCondition } from './suiteqlText.ts';

type Row = Record<string, string | null>;

export interface InventoryPage<T> {
  items: T[];
  offset: number;
  limit: number;
  totalResults: number;
  hasMore: boolean;
}

export interface InventoryQuery {
  limit: number;
  offset: number;
  search?: string | undefined;
}

/** Which item table rows, and the columns each audience may read: external users' queries never ask for costs. */
const kinds = {
  part: {
    itemType: 'InvtPart',
    columns: ['id', 'itemid', 'displayname', 'mpn', 'manufacturer', 'weightunit', 'baseprice'],
    internalColumns: ['totalquantityonhand', 'costestimate', 'averagecost', 'lastpurchaseprice'],
    searched: ['itemid', 'displayname', 'mpn', 'manufacturer'],
  },
  service: {
    itemType: 'Service',
    columns: ['id', 'itemid', 'displayname', 'baseprice'],
    internalColumns: ['costestimate', 'averagecost', 'lastpurchaseprice'],
    searched: ['itemid', 'displayname'],
  },
} as const;
type Kind = keyof typeof kinds;

function itemQuery(kind: Kind, external: boolean, condition: string | undefined): string {
  const { itemType, columns, internalColumns } = kinds[kind];
  const selected = external ? columns : [...columns, ...internalColumns];
  const where = [
    `itemtype = '${itemType}'`,
    `isinactive = 'F'`,
    ...(condition === undefined ? [] : [condition]),
  ];
  return `SELECT ${selected.join(', ')} FROM item WHERE ${where.join(' AND ')} ORDER BY itemid ASC`;
}

function partOf(row: Row): InventoryPartExternal {
  return {
    id: suiteqlNumber(row.id) ?? 0,
    itemId: row.itemid ?? '',
    displayName: row.displayname ?? null,
    mpn: row.mpn ?? null,
    manufacturer: row.manufacturer ?? null,
    weightUnits: row.weightunit ?? null,
    basePrice: suiteqlNumber(row.baseprice),
  };
}

function serviceOf(row: Row): InventoryServiceExternal {
  return {
    id: suiteqlNumber(row.id) ?? 0,
    itemId: row.itemid ?? '',
    displayName: row.displayname ?? null,
    basePrice: suiteqlNumber(row.baseprice),
  };
}

function costsOf(row: Row) {
  return {
    costEstimate: suiteqlNumber(row.costestimate),
    averageCost: suiteqlNumber(row.averagecost),
    lastPurchasePrice: suiteqlNumber(row.lastpurchaseprice),
  };
}

/** A part for this caller: with quantity and costs for provider staff, without them (absent) for external users. */
function presentPart(row: Row, external: boolean): InventoryPart | InventoryPartExternal {
  if (external) return partOf(row);
  return { ...partOf(row), totalQuantityOnHand: suiteqlNumber(row.totalquantityonhand), ...costsOf(row) };
}

function presentService(row: Row, external: boolean): InventoryService | InventoryServiceExternal {
  if (external) return serviceOf(row);
  return { ...serviceOf(row), ...costsOf(row) };
}

async function listItems<T>(
  deps: AccountingDeps,
  auth: AuthContext,
  kind: Kind,
  query: InventoryQuery,
  present: (row: Row, external: boolean) => T,
): Promise<InventoryPage<T>> {
  requirePermission(auth, 'netsuite:read');
  const external = isExternal(auth);
  const q = itemQuery(kind, external, suiteqlSearchCondition(query.search, kinds[kind].searched));
  const page = await answeringNetsuiteFailures(() =>
    withServerNetsuite(deps, (client) => client.suiteql(q, { limit: query.limit, offset: query.offset })),
  );
  return {
    items: page.items.map((row) => present(row, external)),
    offset: query.offset,
    limit: query.limit,
    totalResults: page.totalResults,
    hasMore: page.hasMore,
  };
}

async function getItem<T>(
  deps: AccountingDeps,
  auth: AuthContext,
  kind: Kind,
  internalId: number,
  present: (row: Row, external: boolean) => T,
): Promise<T> {
  requirePermission(auth, 'netsuite:read');
  const external = isExternal(auth);
  // The id is a validated whole number (contract), so it goes into the query as a number literal.
  const q = itemQuery(kind, external, `id = ${String(internalId)}`);
  const page = await answeringNetsuiteFailures(() =>
    withServerNetsuite(deps, (client) => client.suiteql(q, { limit: 1, offset: 0 })),
  );
  const row = page.items[0];
  if (row === undefined)
    throw notFound(`NetSuite has no ${kind === 'part' ? 'part' : 'service item'} ${internalId}.`);
  return present(row, external);
}

export const listParts = (deps: AccountingDeps, auth: AuthContext, query: InventoryQuery) =>
  listItems(deps, auth, 'part', query, presentPart);
export const getPart = (deps: AccountingDeps, auth: AuthContext, internalId: number) =>
  getItem(deps, auth, 'part', internalId, presentPart);
export const listServices = (deps: AccountingDeps, auth: AuthContext, query: InventoryQuery) =>
  listItems(deps, auth, 'service', query, presentService);
export const getService = (deps: AccountingDeps, auth: AuthContext, internalId: number) =>
  getItem(deps, auth, 'service', internalId, presentService);
