import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formsEndpoints } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import { seedMetricCatalogue } from '../../demo/seedMetrics.ts';
import { hashAgentKey } from '../../http/authenticateAgent.ts';
import { apiAs } from '../../modules/assets/assetsTestFixture.ts';
import { agentKeys, metrics, roles } from '../../platform/db/schema.ts';
import { buildUser, providerCompany } from '../factories.ts';
import type { TestServer } from '../testServer.ts';
import type { SharedKind, TenantKind } from './tenancyKinds.ts';

/**
 * Texts put in every name, title and text of a victim's objects, so that a leak shows in any answer: `company`
 * in the company's own objects (users of the company may see them), `asset` in what hangs off its assets (only
 * users whose access groups reach the asset may). VALUE_MARK is the victim's telemetry reading.
 */
export const MARKS = { company: 'Tnycoq', asset: 'Tnyasq' } as const;
export const VALUE_MARK = 7777.125;

export type User = Awaited<ReturnType<typeof buildUser>>;

/** The first `key` in an answer's body, however deep (some calls wrap the object they made). */
function findId(body: unknown, key: string): number | undefined {
  if (Array.isArray(body)) return body.map((item) => findId(item, key)).find((id) => id !== undefined);
  if (typeof body !== 'object' || body === null) return undefined;
  const entries: [string, unknown][] = Object.entries(body);
  for (const [name, value] of entries) if (name === key && typeof value === 'number') return value;
  return entries.map(([, value]) => findId(value, key)).find((id) => id !== undefined);
}

export const idOf = (key: string, answer: { status: number; body: unknown }): number => {
  const id = answer.status === 200 ? findId(answer.body, key) : undefined;
  if (id === undefined)
    throw new Error(`fixture: no ${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return id;
};

export async function issueAgentKey(server: TestServer, assetId: number): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await server.database.db
    .insert(agentKeys)
    .values({ assetId, keyHash: hashAgentKey(key), label: 'tenancy' });
  return key;
}

async function metricByAlias(server: TestServer, alias: string) {
  const [row] = await server.database.db.select().from(metrics).where(eq(metrics.alias, alias));
  if (!row) throw new Error(`demo metric ${alias} missing`);
  return row;
}

/** A form of the provider's catalogue, offered on every ticket type, with one text element: its ids. */
async function catalogueForm(server: TestServer, providerAdmin: { identityId: string }) {
  const answer = await apiAs(server)(providerAdmin, 'POST', '/entities.forms.definitions.create', {
    label: 'Tenancy checklist',
    ticketTypeValues: [-1],
    formElements: [{ key: 'note', label: 'Note', type: 'text' }],
  });
  const form = formsEndpoints.formDefinitionsCreate.output.parse(answer.body);
  const [element] = form.formElements;
  if (!element) throw new Error('fixture: catalogue form without its element');
  return {
    form: form.formId,
    formElementAssociation: element.formElementDefAssociationId,
    formElementDef: element.formElementDefId,
  };
}

/** What every tenant shares: the provider, its staff, the metric and form catalogues. Made once per database. */
export async function buildTenancyWorld(server: TestServer) {
  const db = server.database.db;
  await providerCompany(db);
  await seedMetricCatalogue(db);
  const providerAdmin = await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] });
  const technician = await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] });
  const [operatorRole] = await db.select().from(roles).where(eq(roles.name, 'Customer Operator'));
  const setpoint = await metricByAlias(server, 'temperature.supplyAirSetpoint');
  const supplyAir = await metricByAlias(server, 'temperature.supplyAir');
  const shared: Record<SharedKind, number | string | undefined> = {
    assetType: ASSET_TYPE.unit,
    metric: setpoint.metricId,
    role: operatorRole?.roleId,
    timeZone: 'Europe/Berlin',
    ticketStatus: undefined,
    freeText: undefined,
    // Any number: the sandbox answers an id it does not hold with NetSuite's 404, which the walk judges alike.
    netsuiteRecord: 1,
    ...(await catalogueForm(server, providerAdmin)),
  };
  return { api: apiAs(server), providerAdmin, technician, shared, supplyAir, setpoint };
}
export type TenancyWorld = Awaited<ReturnType<typeof buildTenancyWorld>>;

/** Sends `body` to an agent call with `agentKey`, as the tenant's own agent; throws unless all of it is stored. */
async function sendAsAgent(server: TestServer, agentKey: string, path: string, body: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-agent-key': agentKey },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok || text.includes('"rejected":[{')) throw new Error(`fixture: ${path}: ${text}`);
}

/** The agent takes every command waiting for it and answers each APPLIED, so that none is left to time out. */
export async function finishCommands(server: TestServer, agentKey: string): Promise<number[]> {
  const response = await fetch(`${server.url}/api/agents.commands.poll`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-agent-key': agentKey },
    body: JSON.stringify({ waitSeconds: 0 }),
  });
  const taken = z
    .object({ commands: z.array(z.object({ commandId: z.number() })) })
    .parse(await response.json());
  const commandIds = taken.commands.map((command) => command.commandId);
  if (commandIds.length > 0)
    await sendAsAgent(server, agentKey, '/agents.commands.ack', {
      results: commandIds.map((commandId) => ({ commandId, outcome: 'APPLIED' })),
    });
  return commandIds;
}

/** A reading of the supply air of the tenant's unit, through its own agent. */
export function postReading(
  server: TestServer,
  world: TenancyWorld,
  input: { agentKey: string; unit: number },
  value: number,
) {
  const point = { assetId: input.unit, metricId: world.supplyAir.metricId, ts: Date.now() - 1000, value };
  return sendAsAgent(server, input.agentKey, '/telemetry.ingest', { points: [point] });
}

/** A log line of the tenant's unit, through its own agent. */
export function postLogLine(server: TestServer, input: { agentKey: string; unit: number }, message: string) {
  const record = {
    assetId: input.unit,
    ts: Date.now() - 1000,
    level: 'ERROR',
    source: 'controller',
    message,
  };
  return sendAsAgent(server, input.agentKey, '/deviceLogs.ingest', { records: [record] });
}

/**
 * How many readings and log lines a tenant's unit has in its last day: the time series live outside PostgreSQL,
 * so the database fingerprint cannot show another company's agent writing there.
 */
export async function storedAgentData(server: TestServer, world: TenancyWorld, tenant: Tenant) {
  const now = Date.now();
  const series = await server.timeseries.query({
    assetIds: [tenant.unit],
    metrics: [world.supplyAir, world.setpoint].map(({ metricId }) => ({ metricId, aggregation: 'RAW' })),
    from: now - 23 * 3_600_000,
    to: now + 3_600_000,
    intervalMs: 60_000,
  });
  const logs = await server.timeseries.logs.query({
    assetId: tenant.unit,
    from: now - 23 * 3_600_000,
    limit: 1000,
  });
  return {
    readings: series.reduce((sum, one) => sum + one.timestamps.length, 0),
    logLines: logs.entries.length,
  };
}

/** The ids of one of every kind of object a tenant owns, and its users and agent key. */
export interface Tenant {
  companyId: number;
  ids: Record<TenantKind, number | string>;
  admin: User;
  operator: User;
  agentKey: string;
  /** The unit that carries its tickets, problems, readings and logs. */
  unit: number;
  /** Live paths of its unit's metrics, as a browser subscribes to them. */
  livePaths: string[];
}
