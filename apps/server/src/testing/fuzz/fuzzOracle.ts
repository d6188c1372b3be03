import { findUnstorableValue, MAX_ID, type EndpointDef } from '@kelvin/contract';
import type { z } from 'zod';
import type { FuzzCase, FuzzRequest } from './fuzzCases.ts';
import { jsonText } from './fuzzValues.ts';
import { isRecord } from './sampleFromSchema.ts';

/**
 * Every path parameter of the contract names a row ({id}, {assetId}, {companyId}): digits, never 0, at most
 * MAX_ID. Written here rather than read from the schema, so that a lax id schema is caught, not trusted.
 */
const PATH_ID = /^[1-9][0-9]*$/;

/**
 * Drops, in place, the prototype keys the server's parser drops (see app.ts). Iterative: a body may nest
 * thousands of levels deep, which a recursive walk (or a JSON.parse reviver) would overflow.
 */
function dropPrototypeKeys(root: unknown): void {
  const pending: unknown[] = [root];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (!isRecord(next) && !Array.isArray(next)) continue;
    if (isRecord(next)) {
      if (Object.hasOwn(next, '__proto__')) Reflect.deleteProperty(next, '__proto__');
      const constructor = Object.hasOwn(next, 'constructor') ? next.constructor : undefined;
      if (isRecord(constructor) && Object.hasOwn(constructor, 'prototype'))
        Reflect.deleteProperty(next, 'constructor');
    }
    for (const item of Object.values(next)) pending.push(item);
  }
}

/** The JSON a server reads from the text, or null when it is not JSON. */
function parseAsServer(text: string): { value: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    dropPrototypeKeys(value);
    return { value };
  } catch {
    return null;
  }
}

/** The query as the server's parser hands it over: a repeated name becomes a list. */
function queryObject(pairs: readonly [string, string][]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** The body as the server reads it, or null when it cannot be read as JSON (or a form) at all. */
function bodyAsServer(request: FuzzRequest): { value: unknown } | null {
  const { body } = request;
  switch (body.kind) {
    case 'none':
      return { value: undefined };
    case 'json':
      return parseAsServer(jsonText(body.value));
    case 'raw':
      return body.contentType === 'application/json' ? parseAsServer(body.text) : null;
    case 'form':
      return { value: Object.fromEntries(body.fields) };
    case 'oversize':
      return null;
  }
}

/** Why the part breaks its schema (and the storable-value rules every part obeys), or null. */
function partProblem(
  part: 'params' | 'query' | 'body',
  schema: z.ZodType | undefined,
  value: unknown,
  skipItemsOf: readonly string[] | undefined,
): string | null {
  const unstorable = findUnstorableValue(
    value,
    [part],
    (path) => skipItemsOf !== undefined && path.length === 2 && skipItemsOf.includes(String(path[1])),
  );
  if (unstorable) return `${unstorable.path.join('.')}: ${unstorable.message}`;
  if (!schema) return null;
  const result = schema.safeParse(value);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return `${[part, ...(issue?.path ?? []).map(String)].join('.')}: ${issue?.message ?? 'refused'}`;
}

/**
 * Why a case is malformed, so that any answer but a refusal is wrong, or null when the request is one the call
 * must take (an optional field left out, text that merely looks odd). Decided without the server: a body that
 * is not JSON or past the limit, a path id that is not a positive whole number in digits, and whatever the
 * call's own contract schemas refuse (a route that skipped validation then fails here). A query parameter the
 * call does not declare is refused, as the router refuses it.
 */
export function malformedReason(endpoint: EndpointDef, fuzzCase: FuzzCase): string | null {
  const { request } = fuzzCase;
  if (request.body.kind === 'oversize') return 'the body is past the size limit';
  // GET sends no body (fetch refuses one): such a case is its baseline's path and query.
  const body = endpoint.method === 'GET' ? { value: undefined } : bodyAsServer(request);
  if (endpoint.body && body === null) return 'the body is not JSON sent as JSON';
  for (const [name, value] of Object.entries(request.params)) {
    if (!PATH_ID.test(value) || Number(value) > MAX_ID) return `params.${name} is not an id`;
  }
  const query = queryObject(request.query);
  const undeclared = endpoint.query ? undefined : Object.keys(query)[0];
  if (undeclared !== undefined) return `query.${undeclared} is not a parameter of the call`;
  // A JSON `null` body counts as no body, as the router reads it.
  const bodyValue = body?.value ?? undefined;
  return (
    partProblem('params', endpoint.params, request.params, undefined) ??
    partProblem('query', endpoint.query, query, undefined) ??
    (endpoint.body ? partProblem('body', endpoint.body, bodyValue, endpoint.itemsCheckedByHandler) : null)
  );
}
