import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { errorEnvelopeSchema, type ErrorEnvelope } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { events } from '../../platform/db/schema.ts';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import type { TestServer } from '../../testing/testServer.ts';
import type { RoleName } from './roleNames.ts';

/** Route tests of the administration calls: a caller with a token, and the world they act in. */
export interface Caller {
  user: Awaited<ReturnType<typeof buildUser>>;
  token: string;
}

export async function caller(server: TestServer, companyId: number, roles: RoleName[]): Promise<Caller> {
  const user = await buildUser(server.database.db, { companyId, roles });
  return { user, token: await server.mintIdToken(user.identityId) };
}

/**
 * The provider with an administrator and a technician; customer A with an administrator and an operator;
 * customer B with an administrator: B's staff are the "other company" of every isolation test.
 */
export async function buildWorld(server: TestServer) {
  const db = server.database.db;
  await providerCompany(db);
  const companyA = await buildCompany(db, { name: 'Northwind Data' });
  const companyB = await buildCompany(db, { name: 'Contoso Hosting' });
  return {
    companyA,
    companyB,
    providerAdmin: await caller(server, 1, ['Provider Administrator']),
    technician: await caller(server, 1, ['Provider Service Technician']),
    adminA: await caller(server, companyA.companyId, ['Customer Administrator']),
    operatorA: await caller(server, companyA.companyId, ['Customer Operator']),
    adminB: await caller(server, companyB.companyId, ['Customer Administrator']),
  };
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

/** One JSON call over real HTTP; the body is sent as JSON when given. */
export async function api(
  server: TestServer,
  who: Caller | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  const headers: Record<string, string> = who ? { authorization: `Bearer ${who.token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Asserts the status and returns the error envelope. */
export function expectError(response: ApiResponse, status: number): ErrorEnvelope {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return errorEnvelopeSchema.parse(response.body);
}

/** A 400 whose details name the field. */
export function expectBadField(response: ApiResponse, field: string): ErrorEnvelope {
  const envelope = expectError(response, 400);
  expect(envelope.details?.map((detail) => detail.field)).toContain(field);
  return envelope;
}

/** How many audit events match: the proof that a refused call wrote nothing and a write wrote one. */
export async function countEvents(
  db: DbOrTx,
  filter: { name?: string; subjectType?: string; subjectId?: number } = {},
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(events)
    .where(
      and(
        filter.name === undefined ? undefined : eq(events.name, filter.name),
        filter.subjectType === undefined ? undefined : eq(events.subjectType, filter.subjectType),
        filter.subjectId === undefined ? undefined : eq(events.subjectId, String(filter.subjectId)),
      ),
    );
  return row?.n ?? 0;
}

/** Runs a call and returns its response with the number of events it recorded. */
export async function withEventDelta(
  db: DbOrTx,
  run: () => Promise<ApiResponse>,
): Promise<ApiResponse & { recorded: number }> {
  const before = await countEvents(db);
  const response = await run();
  return { ...response, recorded: (await countEvents(db)) - before };
}

/**
 * Makes the next insert of an event with this name fail inside the database: a write that records its event
 * in its own transaction must then leave no trace at all.
 */
export async function failEventsNamed(db: DbOrTx, name: string): Promise<() => Promise<void>> {
  const fn = `fail_event_${name.replace(/\W/g, '_')}`;
  await db.execute(`create or replace function ${fn}() returns trigger language plpgsql as $$
    begin
      if new.name = '${name}' then raise exception 'audit trail unavailable'; end if;
      return new;
    end $$`);
  await db.execute(`create trigger ${fn} before insert on events for each row execute function ${fn}()`);
  return async () => {
    await db.execute(`drop trigger ${fn} on events`);
    await db.execute(`drop function ${fn}()`);
  };
}
