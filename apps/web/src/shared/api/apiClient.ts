import {
  buildPath,
  type BodyInput,
  type EndpointDef,
  type DefinitionOf,
  type EndpointLike,
  type EndpointRoute,
  type OutputOf,
  type ParamsInput,
  type QueryInput,
} from '@kelvin/contract';
import { ApiError } from './ApiError.ts';

/** Spec: one client sends to base path /api/. */
export const API_BASE_PATH = '/api';

type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call sends; a part is required exactly when the endpoint declares a schema for it. */
export type CallInput<E extends EndpointDef> = Field<'params', ParamsInput<E>> &
  Field<'query', QueryInput<E>> &
  Field<'body', BodyInput<E>> & {
    signal?: AbortSignal;
    /** Spec: form-data mode. For a multipart endpoint, the file parts sent next to the body's text fields. */
    files?: Readonly<Record<string, Blob>>;
  };

/** The input may be left out when the endpoint takes nothing. */
export type CallArgs<E extends EndpointDef> =
  Record<string, never> extends Omit<CallInput<E>, 'signal' | 'files'>
    ? [input?: CallInput<E>]
    : [input: CallInput<E>];

export interface ApiClientOptions {
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** The bearer sent with every call: the session's ID token. */
  getToken?: () => string | undefined;
  /** Called for every 401 before the error is thrown; the session logs out. */
  onUnauthorized?: (error: ApiError) => void;
  basePath?: string;
}

export type ApiCall = <C extends EndpointLike>(
  endpoint: C,
  ...args: CallArgs<DefinitionOf<C>>
) => Promise<OutputOf<DefinitionOf<C>>>;

function pathParams(value: unknown): Record<string, string | number> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const result: Record<string, string | number> = {};
  const entries: [string, unknown][] = Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof item === 'string' || typeof item === 'number') result[key] = item;
  }
  return result;
}

function queryValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    return items.map((item) => queryValue(item) ?? '').join(',');
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** Spec: query pairs are appended skipping undefined; array values are comma-joined. */
export function buildQueryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  const entries: [string, unknown][] = Object.entries(query);
  for (const [key, value] of entries) {
    const text = queryValue(value);
    if (text !== undefined) search.append(key, text);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

type ParsedBody =
  { kind: 'json'; value: unknown } | { kind: 'text'; value: string } | { kind: 'empty'; value: null };

async function readBody(response: Response): Promise<ParsedBody> {
  const text = await response.text();
  if (text === '') return { kind: 'empty', value: null };
  try {
    const value: unknown = JSON.parse(text);
    return { kind: 'json', value };
  } catch {
    return { kind: 'text', value: text };
  }
}

/** A multipart body: the body's fields as text parts (the contract coerces them back), then the files. */
function formDataOf(body: unknown, files: Readonly<Record<string, Blob>> | undefined): FormData {
  const form = new FormData();
  if (typeof body === 'object' && body !== null) {
    const entries: [string, unknown][] = Object.entries(body);
    for (const [key, value] of entries) {
      const text = queryValue(value);
      if (text !== undefined) form.append(key, text);
    }
  }
  for (const [key, file] of Object.entries(files ?? {})) form.append(key, file);
  return form;
}

function requestBody(endpoint: EndpointRoute, body: unknown, files: SendInput['files']) {
  if (endpoint.requestType === 'multipart') return formDataOf(body, files);
  return body === undefined ? undefined : JSON.stringify(body);
}

/** Builds and sends one call; a refusal throws ApiError (a 401 tells the session first). */
/** What send reads of a call's input, whatever the endpoint. */
interface SendInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  files?: Readonly<Record<string, Blob>>;
}

async function send(
  options: ApiClientOptions,
  endpoint: EndpointRoute,
  input: SendInput | undefined,
): Promise<{ response: Response; url: string }> {
  const basePath = options.basePath ?? API_BASE_PATH;
  const url = `${basePath}${buildPath(endpoint.path, pathParams(input?.params))}${buildQueryString(input?.query)}`;
  const accept = endpoint.responseType === 'csv' ? 'text/csv, application/json' : 'application/json';
  const headers = new Headers({ Accept: accept });
  const token = options.getToken?.();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = requestBody(endpoint, input?.body, input?.files);
  // FormData sets its own multipart Content-Type with the boundary.
  if (typeof body === 'string') headers.set('Content-Type', 'application/json');

  const fetchImpl = options.fetch ?? globalThis.fetch;
  const response = await fetchImpl(url, {
    method: endpoint.method,
    headers,
    body,
    credentials: 'same-origin',
    cache: 'no-store',
    signal: input?.signal,
  });
  if (!response.ok) {
    const parsed = await readBody(response);
    const error = new ApiError(response, parsed.value, url);
    if (response.status === 401) options.onUnauthorized?.(error);
    throw error;
  }
  return { response, url };
}

export function createApiClient(options: ApiClientOptions = {}): ApiCall {
  return async <C extends EndpointLike>(
    endpoint: C,
    ...args: CallArgs<DefinitionOf<C>>
  ): Promise<OutputOf<DefinitionOf<C>>> => {
    const { response, url } = await send(options, endpoint, args[0]);
    const parsed = await readBody(response);
    if (parsed.kind !== 'json') {
      throw new ApiError(response, parsed.value, url, `Expected a JSON response from ${response.url || url}`);
    }
    // The server parsed this answer with the endpoint's own output schema before sending it (contractRouter),
    // so it has the declared type; checking it again here would ship zod and every schema to the browser.
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
    return parsed.value as OutputOf<DefinitionOf<C>>;
  };
}

export type ApiStream = <C extends EndpointLike>(
  endpoint: C,
  ...args: CallArgs<DefinitionOf<C>>
) => Promise<Response>;

/** The same client for a streamed answer (a CSV export): the response, to be read as it arrives. */
export function createStreamClient(options: ApiClientOptions = {}): ApiStream {
  return async (endpoint, ...args) => (await send(options, endpoint, args[0])).response;
}

const defaultOptions: ApiClientOptions = {};

/** The session plugs its token and its 401 handling into the one client of the app. */
export function configureApiClient(options: Pick<ApiClientOptions, 'getToken' | 'onUnauthorized'>): void {
  defaultOptions.getToken = options.getToken;
  defaultOptions.onUnauthorized = options.onUnauthorized;
}

/** The one client of the app: `apiCall(contract.usersMe)`. */
export const apiCall: ApiCall = createApiClient(defaultOptions);

/** The one client, for streamed answers: `apiStream(contract.timeSeriesExport, { body })`. */
export const apiStream: ApiStream = createStreamClient(defaultOptions);
