import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type EndpointDef } from '@kelvin/contract';
import { changedTables, databaseFingerprint } from '../testing/databaseFingerprint.ts';
import { createRandom, seedFrom } from '../testing/fuzz/random.ts';
import { fuzzUrl, sendFuzzRequest } from '../testing/fuzz/sendFuzzRequest.ts';
import { buildTenant } from '../testing/tenancy/tenancyFixture.ts';
import {
  buildTenancyWorld,
  finishCommands,
  MARKS,
  postReading,
  storedAgentData,
  VALUE_MARK,
  type Tenant,
  type TenancyWorld,
  type User,
} from '../testing/tenancy/tenancyWorld.ts';
import { connectLive } from '../platform/live/liveTestClient.ts';
import { attackRequests, marksIn, validTemplate, type Attacker } from '../testing/tenancy/tenancyJudge.ts';
import {
  isTenantKind,
  TENANT_KINDS,
  type SharedKind,
  type TenantKind,
} from '../testing/tenancy/tenancyKinds.ts';
import { requestWithoutIds } from '../testing/tenancy/tenancyRequests.ts';
import type { FuzzRequest } from '../testing/fuzz/fuzzCases.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

/**
 * Every call of the contract that takes an id, sent over real HTTP by customers with the ids of objects they must
 * not reach: a customer administrator and an operator of another company (every kind of object of the victim
 * company), and an administrator and an operator whose access groups leave out the victim's assets (what hangs
 * off those assets). Agent calls go with another company's agent key too. Each answer must carry none of the
 * victim's data (marks put in every name and text of theirs) and change no row. Every call is also sent without
 * its optional ids (lists unfiltered, polls), where only the victim's marks are judged. The id fields are found in
 * the contract's schemas and mapped by tenancyKinds.ts, so a call added later is walked without a test of its own.
 *   KELVIN_TENANCY_CALL=tickets.get KELVIN_TENANCY_VERBOSE=1 npx vitest run apps/server/src/http/tenancyWalk.test.ts
 */
const ONLY = process.env.KELVIN_TENANCY_CALL;
/** KELVIN_TENANCY_VERBOSE=1 prints every request with its status and the start of its answer. */
const VERBOSE = process.env.KELVIN_TENANCY_VERBOSE === '1';
const SEED = 'tenancy';

/**
 * Rows a request may write whoever sends it, and that carry nothing of the victim's: none so far. A table added
 * here needs the reason beside it.
 */
const TABLES_ANY_REQUEST_WRITES: ReadonlySet<string> = new Set<string>([]);

const endpoints = allEndpoints.filter((endpoint) => ONLY === undefined || endpoint.name === ONLY);

const tally = { calls: 0, callsWithIds: 0, requests: 0, byStatus: new Map<number, number>() };
/** Calls every request of which was refused as invalid: the walk reached no authorization there. */
const refusedAsInvalidOnly: string[] = [];
const count = (status: number) => {
  tally.requests++;
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
};

const ALL_KINDS = new Set(Object.keys(TENANT_KINDS).filter(isTenantKindName));
function isTenantKindName(name: string): name is TenantKind {
  return name in TENANT_KINDS;
}
// A limited user may name their company's own objects: only what hangs off assets, and other users' own, are out.
const LIMITED_KINDS = new Set([...ALL_KINDS].filter((kind) => TENANT_KINDS[kind] !== 'company'));

interface Caller extends Attacker {
  user: User;
  token: string;
  /** Another company's agent: agent calls are sent with its key. */
  agentKey: string | null;
  /** The caller's own site: its live paths a subscription must deliver (the socket's control). */
  ownTenant: Tenant;
}

describe('tenancy, walked over every call of the contract, the live socket and the agent calls', () => {
  let server: TestServer;
  let world: TenancyWorld;
  let victim: Tenant;
  /** The victim's readings and log lines after the fixture: the walk's agent calls must add none. */
  let victimData: Awaited<ReturnType<typeof storedAgentData>>;
  const callers: Caller[] = [];
  let freeText = 0;

  beforeAll(async () => {
    server = await startTestServer();
    world = await buildTenancyWorld(server);
    const unmarked = { company: '', asset: '' };
    victim = await buildTenant(server, world, { marks: MARKS, reading: VALUE_MARK, label: 'Victim' });
    const other = await buildTenant(server, world, { marks: unmarked, reading: 20.5, label: 'Other' });
    // A second site of the victim company, the only one in its limited users' access groups.
    const limited = await buildTenant(server, world, {
      marks: unmarked,
      reading: 20.5,
      label: 'Limited',
      companyId: victim.companyId,
    });
    const allMarks = [MARKS.company, MARKS.asset, String(VALUE_MARK)];
    const caller = async (
      name: string,
      user: User,
      own: Tenant,
      limitedToGroups: boolean,
    ): Promise<Caller> => ({
      name,
      user,
      token: await server.mintIdToken(user.identityId, { expiresIn: '1h' }),
      agentKey: limitedToGroups ? null : own.agentKey,
      ownTenant: own,
      own: own.ids,
      // A limited user's company objects are their own: they are filled with those of their own site.
      victim: limitedToGroups ? mergeIds(own.ids, victim.ids, LIMITED_KINDS) : victim.ids,
      victimKinds: limitedToGroups ? LIMITED_KINDS : ALL_KINDS,
      marks: limitedToGroups ? [MARKS.asset, String(VALUE_MARK)] : allMarks,
    });
    callers.push(
      await caller('customer administrator of another company', other.admin, other, false),
      await caller('customer operator of another company', other.operator, other, false),
      await caller('administrator limited by access groups', limited.admin, limited, true),
      await caller('operator limited by access groups', limited.operator, limited, true),
    );
    victimData = await storedAgentData(server, world, victim);
  }, 120_000);

  afterAll(async () => {
    const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    const invalid = refusedAsInvalidOnly.length > 0 ? `; only 400: ${refusedAsInvalidOnly.join(', ')}` : '';
    process.stdout.write(
      `tenancy walk: ${tally.calls} calls walked (${tally.callsWithIds} taking ids), ${tally.requests} requests; ` +
        `${statuses.join(', ')}${invalid}\n`,
    );
    await server.close();
  });

  const shared = (kind: SharedKind): number | string | undefined =>
    kind === 'freeText' ? `tenancy-${String(++freeText).padStart(4, '0')}` : world.shared[kind];

  it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s gives no customer another tenant’s data and changes nothing for them',
    async (_name, endpoint) => {
      const { template, problem } = validTemplate(
        endpoint,
        (attempt) => createRandom(seedFrom(`${SEED}:${endpoint.name}:${attempt}`)),
        (kind) => (isTenantKind(kind) ? victim.ids[kind] : shared(kind)),
      );
      expect(
        template.unmapped,
        `${endpoint.name}: map these id fields to what they name in testing/tenancy/tenancyKinds.ts`,
      ).toEqual([]);
      const takesIds = template.slots.length > 0;
      if (takesIds)
        expect(
          problem,
          `${endpoint.name}: no valid request sampled; add a sample in tenancyRequests.ts`,
        ).toBeNull();
      tally.calls++;
      if (takesIds) tally.callsWithIds++;
      // Without its optional ids (a list unfiltered, a poll), as anyone may send it: the answer must hold none of
      // the victim's. It may write the caller's own rows (a poll takes its own commands, a create makes the
      // caller's own object), so only the marks are judged there, and the fingerprint is read again after it.
      const withoutIds = requestWithoutIds(endpoint, template);
      const problems: string[] = [];
      const statuses = new Set<number>();
      // Each request's fingerprint after is the next one's before, as in the fuzz: one read of every table each.
      let before: Map<string, string> | null = null;
      for (const attacker of callers) {
        const requests = [
          ...(withoutIds === null ? [] : [{ label: 'no ids', request: withoutIds, marksOnly: true }]),
          ...attackRequests(endpoint, template, attacker, shared).map((one) => ({
            ...one,
            marksOnly: false,
          })),
        ];
        for (const { label, request, marksOnly } of requests) {
          for (const asAgent of sendings(endpoint, attacker)) {
            if (!marksOnly) before ??= await databaseFingerprint(server.database.db);
            const answer = await sendFuzzRequest(server.url, endpoint, request, {
              token: attacker.token,
              agentKey: attacker.agentKey ?? '',
              asAgent,
            });
            count(answer.status);
            let changed: string[] = [];
            if (marksOnly) before = null;
            else {
              statuses.add(answer.status);
              const after = await databaseFingerprint(server.database.db);
              changed = changedTables(before ?? after, after).filter(
                (name) => !TABLES_ANY_REQUEST_WRITES.has(name),
              );
              before = after;
            }
            const faults = faultsOf(answer, changed, attacker.marks);
            const line = `${attacker.name}${asAgent ? ' (agent key)' : ''}, ${label}: ${endpoint.method} ${fuzzUrl('', endpoint, request)} ${JSON.stringify(bodyOf(request))}`;
            if (VERBOSE) process.stdout.write(`${line}\n    ${answer.status} ${answer.text.slice(0, 160)}\n`);
            if (faults.length > 0)
              problems.push(`${line}\n    ${faults.join('; ')}: ${answer.text.slice(0, 300)}`);
          }
        }
      }
      if (statuses.size === 1 && statuses.has(400)) refusedAsInvalidOnly.push(endpoint.name);
      expect(problems, endpoint.name).toEqual([]);
    },
    120_000,
  );

  it("gives no other company's agent the victim's waiting command", async () => {
    const created = await world.api(world.providerAdmin, 'POST', '/metrics.commands.create', {
      assetId: victim.unit,
      metricId: world.setpoint.metricId,
      action: 'set',
      value: 22,
      reason: `${MARKS.asset}Waiting`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    for (const caller of callers)
      if (caller.agentKey !== null)
        expect(await finishCommands(server, caller.agentKey), caller.name).toEqual([]);
    // The victim's own agent takes it: it was there to be taken.
    expect(await finishCommands(server, victim.agentKey)).toHaveLength(1);
  });

  it("adds no reading or log line to another company's assets (the time series are outside the fingerprint)", async () => {
    // A whole walk sends the agent calls (one call alone may not): otherwise this would compare nothing sent.
    if (ONLY === undefined)
      expect(
        endpoints.some((endpoint) => endpoint.auth === 'agent'),
        'agent calls walked',
      ).toBe(true);
    expect(await storedAgentData(server, world, victim)).toEqual(victimData);
  });

  it("live subscriptions (Socket.IO /live) deliver none of another tenant's values, now or later", async () => {
    for (const caller of callers) {
      const client = await connectLive(server.url, caller.token);
      try {
        const ack = await client.subscribe([...victim.livePaths, ...caller.ownTenant.livePaths]);
        expect(ack.accepted, caller.name).toEqual(caller.ownTenant.livePaths);
        // The caller's own value comes at once: the socket delivers, so the victim's absence means something.
        await expect
          .poll(() => client.updates.map((update) => update.path), { timeout: 10_000 })
          .toEqual(caller.ownTenant.livePaths);
        await postReading(server, world, victim, VALUE_MARK + 1);
        await postReading(server, world, caller.ownTenant, 21.5);
        await expect
          .poll(() => client.updates.length, { timeout: 10_000 })
          .toBe(caller.ownTenant.livePaths.length * 2);
        const victimPaths = new Set(victim.livePaths);
        expect(
          client.updates.filter((update) => victimPaths.has(update.path)),
          caller.name,
        ).toEqual([]);
      } finally {
        client.close();
      }
    }
  }, 60_000);
});

/** What is wrong with an answer to another tenant's ids: a 5xx, the victim's data in a 2xx, a changed row. */
function faultsOf(answer: { status: number; text: string }, changed: string[], marks: readonly string[]) {
  const leaked = answer.status < 300 ? marksIn(answer.text, marks) : [];
  return [
    ...(answer.status >= 500 ? [`answered ${answer.status}`] : []),
    ...(leaked.length > 0 ? [`answered ${answer.status} with the victim's ${leaked.join(', ')}`] : []),
    ...(changed.length > 0 ? [`changed ${changed.join(', ')} (answered ${answer.status})`] : []),
  ];
}

/** The victim's ids of `kinds`, the caller's own for the rest. */
function mergeIds(
  own: Record<TenantKind, number | string>,
  victim: Record<TenantKind, number | string>,
  kinds: ReadonlySet<TenantKind>,
): Record<TenantKind, number | string> {
  const ids = { ...own };
  for (const kind of kinds) ids[kind] = victim[kind];
  return ids;
}

/** How a request goes: with the user's token, and for agent calls with the caller company's agent key. */
function sendings(endpoint: EndpointDef, caller: Caller): boolean[] {
  if (endpoint.auth === 'agent') return caller.agentKey === null ? [] : [true];
  if (endpoint.auth === 'agentOrUser' && caller.agentKey !== null) return [false, true];
  return [false];
}

const bodyOf = (request: FuzzRequest): unknown =>
  request.body.kind === 'json' ? request.body.value : request.body.kind;
