import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  findUnstorableValue,
  type BodyOf,
  type EndpointDef,
  type ErrorDetail,
  type OutputOf,
  type ParamsOf,
  type QueryOf,
} from '@kelvin/contract';
import type { AuthContext, Authenticator } from './authenticate.ts';
import { AGENT_KEY_HEADER, type AgentAuthenticator, type AgentContext } from './authenticateAgent.ts';
import { badRequest, type HttpError } from './httpError.ts';

/** Who called an `agentOrUser` endpoint. */
export type Caller = { kind: 'user'; auth: AuthContext } | { kind: 'agent'; agent: AgentContext };

export interface Authenticators {
  user: Authenticator;
  agent: AgentAuthenticator;
}

type AuthOf<E extends EndpointDef> = E['auth'] extends 'user'
  ? AuthContext
  : E['auth'] extends 'agent'
    ? AgentContext
    : E['auth'] extends 'agentOrUser'
      ? Caller
      : null;

export interface HandlerInput<E extends EndpointDef> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  auth: AuthOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends EndpointDef> = (input: HandlerInput<E>) => Promise<OutputOf<E>>;

/** Converts the contract's `/users/{id}` to Fastify's `/api/users/:id`. */
export function fastifyPath(path: string): string {
  return `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** A call that declares no query takes none: an unknown parameter is refused, as an unknown body field is. */
const NO_QUERY = z.strictObject({});

function validate(
  endpoint: EndpointDef,
  part: 'params' | 'query' | 'body',
  value: unknown,
  details: ErrorDetail[],
): unknown {
  const schema = endpoint[part] ?? (part === 'query' ? NO_QUERY : undefined);
  if (!schema) return part === 'body' ? undefined : {};
  // Before the schema: free-form values (metadata) are covered too, and no schema ever sees a value nested
  // deep enough to overflow a recursive check.
  const perItem = part === 'body' ? endpoint.itemsCheckedByHandler : undefined;
  const unstorable = findUnstorableValue(
    value,
    [part],
    (path) => perItem !== undefined && path.length === 2 && perItem.includes(String(path[1])),
  );
  if (unstorable) {
    details.push({ field: unstorable.path.join('.'), message: unstorable.message });
    return undefined;
  }
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    details.push({ field: [part, ...issue.path.map(String)].join('.'), message: issue.message });
  }
  return undefined;
}

/** The 400 of a request whose parts failed their schemas: every field named, the first one's message told. */
function invalidRequest(details: ErrorDetail[]): HttpError {
  const fields = [...new Set(details.map((detail) => detail.field))].join(', ');
  return badRequest(`Invalid request: ${fields}: ${details[0]?.message ?? 'invalid value'}`, details);
}

/**
 * An endpoint's body checked exactly as its HTTP call checks it, for the same call arriving another way (an agent's
 * batch over MQTT): the same 400 naming each field.
 */
export function parseEndpointBody<E extends EndpointDef>(endpoint: E, value: unknown): BodyOf<E> {
  const details: ErrorDetail[] = [];
  const body = validate(endpoint, 'body', value, details);
  if (details.length > 0) throw invalidRequest(details);
  // Produced by the endpoint's own body schema (see the same assertion in registerEndpoint).
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
  return body as BodyOf<E>;
}

/**
 * Registers one contract endpoint. The pipeline, in order: authenticate → validate (a bad request is a 400
 * naming each field, before the handler can write anything) → handler (which authorizes explicitly) →
 * presenter (the output schema strips every field it does not declare).
 */
async function authenticateFor(
  endpoint: EndpointDef,
  authenticators: Authenticators,
  request: FastifyRequest,
): Promise<AuthContext | AgentContext | Caller | null> {
  if (endpoint.auth === 'public') return null;
  if (endpoint.auth === 'user') return authenticators.user(request);
  if (endpoint.auth === 'agent') return authenticators.agent(request);
  if (request.headers[AGENT_KEY_HEADER] !== undefined) {
    return { kind: 'agent', agent: await authenticators.agent(request) };
  }
  return { kind: 'user', auth: await authenticators.user(request) };
}

/** The agent behind a request's authentication, if an agent made it. */
function agentOf(auth: AuthContext | AgentContext | Caller | null): number | null {
  if (auth === null) return null;
  if ('agentAssetId' in auth) return auth.agentAssetId;
  if ('kind' in auth && auth.kind === 'agent') return auth.agent.agentAssetId;
  return null;
}

export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  authenticators: Authenticators,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    config: { endpointName: endpoint.name },
    handler: async (request, reply) => {
      const auth = await authenticateFor(endpoint, authenticators, request);
      const details: ErrorDetail[] = [];
      const params = validate(endpoint, 'params', request.params, details);
      const query = validate(endpoint, 'query', request.query, details);
      const body = validate(endpoint, 'body', request.body, details);
      if (details.length > 0) throw invalidRequest(details);
      // The values above were produced by the endpoint's own schemas, so they have the declared types;
      // TypeScript cannot follow a generic schema through safeParse, hence this one documented assertion.
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
      const input = { params, query, body, auth, request, reply } as HandlerInput<E>;
      const result = await handler(input);
      const agentAssetId = agentOf(auth);
      if (agentAssetId !== null) authenticators.agent.heard?.(agentAssetId, request);
      // A streamed answer was sent by the handler through the reply.
      if (endpoint.responseType === 'csv') return reply;
      return endpoint.output.parse(result);
    },
  });
}
