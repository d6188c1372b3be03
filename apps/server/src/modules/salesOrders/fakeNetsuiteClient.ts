import type { NetsuiteClient, NetsuiteRecord } from '../../platform/netsuite/netsuiteClient.ts';
import { NetsuiteError } from '../../platform/netsuite/netsuiteError.ts';

/**
 * An in-memory NetSuite for the sales order service's tests: items, projects and sales orders with NetSuite's
 * semantics for what the service uses (PUT on eid upserts, GET by id or eid, PATCH of lines closes, 404 in
 * NetSuite's error shape). `failAfterUpsert` makes the next upsert take effect and then fail, as a timeout after
 * NetSuite did the work would.
 */
interface FakeOrder {
  id: string;
  tranId: string;
  externalId: string;
  body: Record<string, unknown>;
  lines: Record<string, unknown>[];
}

const missing = (what: string) =>
  new NetsuiteError(404, 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.5', 'Not Found', [
    { detail: `The record instance does not exist: ${what}.`, errorCode: 'NONEXISTENT_ID' },
  ]);

const linesOf = (body: object): Record<string, unknown>[] => {
  const item: unknown = 'item' in body ? body.item : undefined;
  if (typeof item !== 'object' || item === null || !('items' in item) || !Array.isArray(item.items))
    return [];
  return item.items.map((line: unknown) => (typeof line === 'object' && line !== null ? { ...line } : {}));
};

const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number(value));

export function fakeNetsuite() {
  const items = new Map([
    ['PRT-10234', { id: '101', basePrice: 150 }],
    ['SVC-COIL', { id: '102', basePrice: 80 }],
    ['LABOR-FIELD', { id: '201', basePrice: 95 }],
    ['LABOR-TRAVEL', { id: '202', basePrice: 45 }],
  ]);
  const jobs = new Map([
    ['500', { id: '500', entityId: 'Site North', customer: { id: '10', refName: 'Alpha' } }],
  ]);
  const orders = new Map<string, FakeOrder>();
  const state = { nextId: 9000, upserts: 0, failAfterUpsert: false };

  const orderOf = (idOrEid: string) => {
    const order = idOrEid.startsWith('eid:')
      ? orders.get(idOrEid.slice(4))
      : [...orders.values()].find((each) => each.id === idOrEid);
    if (!order) throw missing(idOrEid);
    return order;
  };
  const present = (order: FakeOrder): NetsuiteRecord => {
    const closed = order.lines.length > 0 && order.lines.every((line) => line.isClosed === true);
    return {
      ...order.body,
      id: order.id,
      tranId: order.tranId,
      externalId: order.externalId,
      status: closed ? { id: 'H', refName: 'Closed' } : { id: 'B', refName: 'Pending Fulfillment' },
      total: order.lines.reduce((sum, line) => sum + numberOf(line.quantity) * numberOf(line.rate), 0),
      item: { items: order.lines.map((line, index) => ({ line: index + 1, ...line })) },
    };
  };

  const client: NetsuiteClient = {
    getRecord(type, idOrEid) {
      if (type === 'job') {
        const job = jobs.get(idOrEid);
        return job ? Promise.resolve({ ...job }) : Promise.reject(missing(idOrEid));
      }
      return Promise.resolve().then(() => present(orderOf(idOrEid)));
    },
    listRecords: () => Promise.reject(new Error('not used')),
    createRecord: () => Promise.reject(new Error('not used')),
    updateRecord(_type, idOrEid, body) {
      return Promise.resolve().then(() => {
        const order = orderOf(idOrEid);
        order.lines = linesOf(body).map(({ line: _line, ...rest }) => rest);
      });
    },
    upsertRecord(_type, eid, body) {
      return Promise.resolve().then(() => {
        state.upserts += 1;
        const externalId = eid.slice(4);
        const existing = orders.get(externalId);
        const id = existing?.id ?? String((state.nextId += 1));
        const header = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'item'));
        orders.set(externalId, { id, tranId: `SO-${id}`, externalId, body: header, lines: linesOf(body) });
        if (state.failAfterUpsert) {
          state.failAfterUpsert = false;
          throw new NetsuiteError(504, '', 'Gateway Timeout', [
            { detail: 'timed out', errorCode: 'TIMEOUT' },
          ]);
        }
      });
    },
    deleteRecord(_type, idOrEid) {
      return Promise.resolve().then(() => {
        orders.delete(orderOf(idOrEid).externalId);
      });
    },
    suiteql(q) {
      const itemIds = [...q.matchAll(/'((?:[^']|'')*)'/g)].map((match) =>
        (match[1] ?? '').replaceAll("''", "'"),
      );
      const rows = itemIds.flatMap((itemId): Record<string, string | null>[] => {
        const item = items.get(itemId);
        return item ? [{ id: item.id, itemid: itemId, baseprice: String(item.basePrice) }] : [];
      });
      return Promise.resolve({
        links: [],
        count: rows.length,
        hasMore: false,
        items: rows,
        offset: 0,
        totalResults: rows.length,
      });
    },
  };
  return { client, orders, state, items, jobs };
}
