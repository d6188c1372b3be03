import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint before authorization runs:
 * - public: anyone (health, client configuration);
 * - user: a signed-in user with a verified ID token;
 * - agent: an agent (asset type 61) with its key in the x-agent-key header;
 * - agentOrUser: an agent, or a signed-in user.
 */
export type EndpointAuth = 'public' | 'user' | 'agent' | 'agentOrUser';

/** One API call, declared once: the server registers and validates it, the client is typed from it. */
export interface EndpointDef {
  /** The spec's action name, e.g. `companies.create`, or a descriptive name for REST-style calls. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under /api, with `{param}` placeholders, e.g. `/users/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly auth: EndpointAuth;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * `json` (default) or `multipart`: a multipart call's `body` schema validates its text fields, and its
   * file part is handled by the route itself.
   */
  readonly requestType?: 'json' | 'multipart';
  /**
   * Body fields holding arrays whose items the handler validates one at a time, refusing a bad item alone
   * rather than the whole request (telemetry points and series); the router's storable-input check skips them.
   */
  readonly itemsCheckedByHandler?: readonly string[];
  /**
   * `json` (default), or `csv`: the handler streams text/csv through the reply itself (large exports), and
   * `output` describes nothing; refusals still answer the JSON error envelope.
   */
  readonly responseType?: 'json' | 'csv';
  readonly output: z.ZodType;
}

/** Declares an endpoint, keeping its literal types so that callers infer inputs and outputs. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

type InferOr<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type InputOr<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** What a handler receives after validation. */
export type ParamsOf<E extends EndpointLike> = InferOr<DefinitionOf<E>['params'], Record<string, never>>;
export type QueryOf<E extends EndpointLike> = InferOr<DefinitionOf<E>['query'], Record<string, never>>;
export type BodyOf<E extends EndpointLike> = InferOr<DefinitionOf<E>['body'], undefined>;
export type OutputOf<E extends EndpointLike> = z.output<DefinitionOf<E>['output']>;

/** What a client sends before validation (defaults may be omitted). */
export type ParamsInput<E extends EndpointLike> = InputOr<DefinitionOf<E>['params'], undefined>;
export type QueryInput<E extends EndpointLike> = InputOr<DefinitionOf<E>['query'], undefined>;
export type BodyInput<E extends EndpointLike> = InputOr<DefinitionOf<E>['body'], undefined>;

/** Fills `{param}` placeholders; values are URI-encoded. */
export function buildPath(
  path: string,
  params: Readonly<Record<string, string | number>> | undefined,
): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`Missing path parameter '${key}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * An endpoint as the browser calls it: how to reach it, without its schemas. The server validates every input
 * and parses every output with the endpoint's schemas, so the browser needs only the route; leaving the schemas
 * out keeps zod and the whole contract out of the first screen's scripts. `E` types the call's input and output.
 */
export interface EndpointRef<E extends EndpointDef> {
  readonly name: E['name'];
  readonly method: E['method'];
  readonly path: E['path'];
  readonly requestType?: EndpointDef['requestType'];
  readonly responseType?: EndpointDef['responseType'];
  /** Never set: carries the endpoint's type to the client. */
  readonly definition?: E;
}

/** What the client needs of any endpoint: its full definition or its reference. */
export type EndpointRoute = Pick<EndpointDef, 'name' | 'method' | 'path' | 'requestType' | 'responseType'>;

/** An endpoint's definition, or a reference to one. */
export type EndpointLike = EndpointDef | EndpointRef<EndpointDef>;

/** The definition an endpoint names: itself, or the one its reference carries. */
export type DefinitionOf<E extends EndpointLike> = E extends EndpointDef
  ? E
  : E extends EndpointRef<infer D>
    ? D
    : never;

/** The route parts of an endpoint (the browser's references are generated from these). */
export function endpointRoute(def: EndpointDef): EndpointRoute {
  return {
    name: def.name,
    method: def.method,
    path: def.path,
    ...(def.requestType === undefined ? {} : { requestType: def.requestType }),
    ...(def.responseType === undefined ? {} : { responseType: def.responseType }),
  };
}
