import { z } from 'zod';
import { netsuiteErrorFromResponse, netsuiteUnexpectedBody, netsuiteUnreachable } from './netsuiteError.ts';
import {
  checkedPageRequest,
  netsuitePageSchema,
  recordRefSchema,
  suiteqlRowSchema,
  type NetsuitePage,
  type NetsuiteRecordRef,
  type PageRequest,
} from './netsuitePage.ts';

/** How long one NetSuite call may take before it is given up (NetSuite's own REST calls rarely take 10 s). */
export const NETSUITE_TIMEOUT_MS = 20_000;

/** A record's fields as NetSuite answers them; callers parse the fields they use with their own zod schema. */
export type NetsuiteRecord = Record<string, unknown>;

export interface NetsuiteClient {
  getRecord(type: string, idOrEid: string): Promise<NetsuiteRecord>;
  listRecords(type: string, page: PageRequest & { q?: string }): Promise<NetsuitePage<NetsuiteRecordRef>>;
  /** POST: NetSuite answers 204 with a `Location` ending in the new record's id. */
  createRecord(type: string, body: object): Promise<{ id: string }>;
  /** PATCH: changes only the given fields. */
  updateRecord(type: string, idOrEid: string, body: object): Promise<void>;
  /** PUT on `eid:<externalId>`: creates the record when absent, else replaces it (what makes an order once). */
  upsertRecord(type: string, eid: `eid:${string}`, body: object): Promise<void>;
  deleteRecord(type: string, idOrEid: string): Promise<void>;
  suiteql(q: string, page: PageRequest): Promise<NetsuitePage<Record<string, string | null>>>;
}

export interface NetsuiteClientOptions {
  /** https://<account>.suitetalk.api.netsuite.com, or the sandbox's origin. */
  apiOrigin: string;
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const recordSchema = z.record(z.string(), z.unknown());
const listPageSchema = netsuitePageSchema(recordRefSchema);
const suiteqlPageSchema = netsuitePageSchema(suiteqlRowSchema);

/** NetSuite's REST record and SuiteQL calls with a bearer token; every refusal throws a NetsuiteError. */
export function createNetsuiteClient(options: NetsuiteClientOptions): NetsuiteClient {
  const send = netsuiteSender(options);
  const recordPath = (type: string, idOrEid?: string) =>
    `/services/rest/record/v1/${encodeURIComponent(type)}${idOrEid === undefined ? '' : `/${encodeURIComponent(idOrEid).replace(/^eid%3A/i, 'eid:')}`}`;

  return {
    async getRecord(type, idOrEid) {
      const response = await send('GET', recordPath(type, idOrEid));
      return parseBody(recordSchema, await response.json().catch(() => undefined), `GET ${type}/${idOrEid}`);
    },
    async listRecords(type, page) {
      const { limit, offset } = checkedPageRequest(page);
      const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      if (page.q !== undefined) query.set('q', page.q);
      const response = await send('GET', `${recordPath(type)}?${query.toString()}`);
      return parseBody(listPageSchema, await response.json().catch(() => undefined), `GET ${type}`);
    },
    async createRecord(type, body) {
      const response = await send('POST', recordPath(type), body);
      const id = response.headers.get('location')?.match(/\/([^/]+)\/?$/)?.[1];
      if (id === undefined)
        throw netsuiteUnexpectedBody(`POST ${type}`, 'no Location header with the new id');
      return { id: decodeURIComponent(id) };
    },
    async updateRecord(type, idOrEid, body) {
      await send('PATCH', recordPath(type, idOrEid), body);
    },
    async upsertRecord(type, eid, body) {
      await send('PUT', recordPath(type, eid), body);
    },
    async deleteRecord(type, idOrEid) {
      await send('DELETE', recordPath(type, idOrEid));
    },
    async suiteql(q, page) {
      const { limit, offset } = checkedPageRequest(page);
      const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      const response = await send(
        'POST',
        `/services/rest/query/v1/suiteql?${query.toString()}`,
        { q },
        {
          Prefer: 'transient',
        },
      );
      return parseBody(suiteqlPageSchema, await response.json().catch(() => undefined), 'SuiteQL');
    },
  };
}

type Send = (
  method: string,
  path: string,
  body?: object,
  headers?: Record<string, string>,
) => Promise<Response>;

/** One authenticated call with a timeout; a non-2xx answer becomes a NetsuiteError. */
function netsuiteSender({
  apiOrigin,
  accessToken,
  fetch: fetchImpl = fetch,
  timeoutMs = NETSUITE_TIMEOUT_MS,
}: NetsuiteClientOptions): Send {
  const origin = apiOrigin.replace(/\/+$/, '');
  return async (method, path, body, headers = {}) => {
    let response: Response;
    try {
      response = await fetchImpl(`${origin}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw netsuiteUnreachable(cause, timeoutMs);
    }
    if (!response.ok) throw await netsuiteErrorFromResponse(response);
    return response;
  };
}

function parseBody<T extends z.ZodType>(schema: T, json: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw netsuiteUnexpectedBody(what, parsed.error.issues[0]?.message ?? 'invalid body');
  return parsed.data;
}
