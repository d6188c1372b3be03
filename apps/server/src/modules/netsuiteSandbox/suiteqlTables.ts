import { sql, type SQL } from 'drizzle-orm';

/**
 * SuiteQL's tables over the sandbox's one records table. Every column is a fixed SQL expression written here
 * (never text from a query): `value` is what a row answers (text, as NetSuite answers every value), `numeric` is
 * present for number columns, which compare and sort as numbers.
 */
export interface SuiteqlColumn {
  value: SQL;
  numeric?: SQL;
}

export interface SuiteqlTable {
  /** Which records the table holds. */
  filter: SQL;
  columns: Record<string, SuiteqlColumn>;
}

const text = (expression: string): SuiteqlColumn => ({ value: sql.raw(expression) });
const field = (name: string): SuiteqlColumn => text(`(body->>'${name}')`);
const numberField = (path: string): SuiteqlColumn => ({
  value: sql.raw(`(${path})`),
  numeric: sql.raw(`(${path})::numeric`),
});
const timestamp = (column: string): SuiteqlColumn =>
  text(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const common = {
  id: { value: sql.raw('(internal_id::text)'), numeric: sql.raw('internal_id') },
  externalid: text('external_id'),
  isinactive: text(`(case when is_inactive then 'T' else 'F' end)`),
  lastmodifieddate: timestamp('last_modified'),
};

const entity = {
  ...common,
  entityid: field('entityId'),
  companyname: field('companyName'),
  // The name with its parents' ('Northwind Data Centers : Ashburn : 2026 Service'), kept in search_text.
  fullname: text('search_text'),
  datecreated: timestamp('created_at'),
};

export const SUITEQL_TABLES: Record<string, SuiteqlTable> = {
  customer: {
    filter: sql.raw(`record_type = 'customer'`),
    columns: { ...entity, email: field('email'), phone: field('phone') },
  },
  job: {
    filter: sql.raw(`record_type = 'job'`),
    columns: {
      ...entity,
      parent: numberField(`body->'parent'->>'id'`),
      customer: numberField(`body->'customer'->>'id'`),
      startdate: field('startDate'),
      projectedenddate: field('projectedEndDate'),
    },
  },
  item: {
    filter: sql.raw(`record_type in ('inventoryItem', 'serviceSaleItem')`),
    columns: {
      ...common,
      itemtype: text(`(case when record_type = 'inventoryItem' then 'InvtPart' else 'Service' end)`),
      itemid: field('itemId'),
      displayname: field('displayName'),
      description: field('description'),
      mpn: field('mpn'),
      manufacturer: field('manufacturer'),
      weightunit: field('weightUnit'),
      totalquantityonhand: numberField(`body->>'totalQuantityOnHand'`),
      costestimate: numberField(`body->>'costEstimate'`),
      averagecost: numberField(`body->>'averageCost'`),
      lastpurchaseprice: numberField(`body->>'lastPurchasePrice'`),
      baseprice: numberField(`body->>'basePrice'`),
      createddate: timestamp('created_at'),
    },
  },
  transaction: {
    filter: sql.raw(`record_type = 'salesOrder'`),
    columns: {
      ...common,
      type: text(`'SalesOrd'`),
      tranid: field('tranId'),
      trandate: field('tranDate'),
      status: text(`(body->'status'->>'id')`),
      foreigntotal: numberField(`body->>'total'`),
      entity: numberField(`body->'entity'->>'id'`),
      job: numberField(`body->'job'->>'id'`),
      memo: field('memo'),
      otherrefnum: field('otherRefNum'),
      startdate: field('startDate'),
      enddate: field('endDate'),
      createddate: timestamp('created_at'),
    },
  },
};
