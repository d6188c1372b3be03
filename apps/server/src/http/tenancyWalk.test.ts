import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type EndpointDef } from '@kelvin/contract';
import { changedTables, databaseFingerprint } from '../testing/databaseFingerprint.ts';
import { createRandom, seedFrom } from '../testing/fuzz/random.ts';
import { fuzzUrl, sendFuzzRequest } from '../testing/fuzz/sendFuzzRequest.ts';
import {
  buildTenancyWorld,
  buildTenant,
  MARKS,
  VALUE_MARK,
  type Tenant,
  type TenancyWorld,
  type User,
} from '../testing/tenancy/tenancyFixture.ts';
import { attackRequests, marksIn, validTemplate, type Attacker } from '../testing/tenancy/tenancyJudge.ts';
import {
  isTenantKind,
  TENANT_KINDS,
  type SharedKind,
  type TenantKind,
} from '../testing/tenancy/tenancyKinds.ts';
import { requestFor, requestTemplate } from '../testing/tenancy/tenancyRequests.ts';
import type { FuzzRequest } from '../testing/fuzz/fuzzCases.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

/**
 * Every call of the contract that takes an id, sent over real HTTP by customers with the ids of objects they must
 * not reach: a customer administrator and an operator of another company (every kind of object of the victim
 * company), and an administrator and an operator whose access groups leave out the victim's assets (what hangs
 * off those assets). Agent calls go with another company's agent key too. Each answer must carry none of the
 * victim's data (marks put in every name and text of theirs) and change no row. The id fields are found in the
 * contract's schemas and mapped by tenancyKinds.ts, so a call added later is walked without a test of its own.
 *   KELVIN_TENANCY_CALL=tickets.get npx vitest run apps/server/src/http/tenancyWalk.test.ts
 */
const ONLY = process.env.KELVIN_TENANCY_CALL;
const SEED = 'tenancy';

/**
 * Rows a request may write whoever sends it, and that carry nothing of the victim's: none so far. A table added
 * here needs the reason beside it.
 */
const TABLES_ANY_REQUEST_WRITES: ReadonlySet<string> = new Set<string>([]);

const walked = (endpoint: EndpointDef) =>
  endpoint.auth === 'agent' || requestTemplate(endpoint, createRandom(1)).slots.length > 0;
const endpoints = allEndpoints.filter(
  (endpoint) => (ONLY === undefined || endpoint.name === ONLY) && walked(endpoint),
);

const tally = { calls: 0, requests: 0, byStatus: new Map<number, number>() };
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
}

describe('tenancy, walked over every call that takes an id', () => {
  let server: TestServer;
  let world: TenancyWorld;
  let victim: Tenant;
  const callers: Caller[] = [];
  let freeText = 0;

  beforeAll(async () => {
    server = await startTestServer();
    world = await buildTenancyWorld(server);
    victim = await buildTenant(server, world, { marks: MARKS, label: 'Victim' });
    const other = await buildTenant(server, world, { marks: { company: '', asset: '' }, label: 'Other' });
    // A second site of the victim company, the only one in its limited users' access groups.
    const limited = await buildTenant(server, world, {
      marks: { company: '', asset: '' },
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
  }, 120_000);

  afterAll(async () => {
    const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    process.stdout.write(
      `tenancy walk: ${tally.calls} calls walked, ${tally.requests} requests; ${statuses.join(', ')}\n`,
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
      expect(
        problem,
        `${endpoint.name}: no valid request sampled; add a sample in tenancyRequests.ts`,
      ).toBeNull();
      tally.calls++;
      const problems: string[] = [];
      for (const attacker of callers) {
        const requests = attackRequests(endpoint, template, attacker, shared);
        if (endpoint.auth === 'agent' && requests.length === 0 && attacker.agentKey !== null)
          // An agent call without ids (a poll): another company's agent must get none of the victim's.
          requests.push({
            label: 'no ids',
            request: requestFor(endpoint, template, () => undefined).request,
          });
        for (const { label, request } of requests) {
          for (const asAgent of sendings(endpoint, attacker)) {
            const before = await databaseFingerprint(server.database.db);
            const answer = await sendFuzzRequest(server.url, endpoint, request, {
              token: attacker.token,
              agentKey: attacker.agentKey ?? '',
              asAgent,
            });
            const after = await databaseFingerprint(server.database.db);
            count(answer.status);
            const changed = changedTables(before, after).filter(
              (name) => !TABLES_ANY_REQUEST_WRITES.has(name),
            );
            const leaked = answer.status < 300 ? marksIn(answer.text, attacker.marks) : [];
            const faults = [
              ...(answer.status >= 500 ? [`answered ${answer.status}`] : []),
              ...(leaked.length > 0
                ? [`answered ${answer.status} with the victim's ${leaked.join(', ')}`]
                : []),
              ...(changed.length > 0 ? [`changed ${changed.join(', ')} (answered ${answer.status})`] : []),
            ];
            if (faults.length > 0)
              problems.push(
                `${attacker.name}${asAgent ? ' (agent key)' : ''}, ${label}: ${endpoint.method} ` +
                  `${fuzzUrl('', endpoint, request)} ${JSON.stringify(bodyOf(request))}\n` +
                  `    ${faults.join('; ')}: ${answer.text.slice(0, 300)}`,
              );
          }
        }
      }
      expect(problems, endpoint.name).toEqual([]);
    },
    120_000,
  );
});

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
