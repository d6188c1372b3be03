import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, contract, type EndpointDef } from '@kelvin/contract';
import { buildTelemetryFleet } from '../modules/telemetry/telemetryTestFixture.ts';
import { INGEST_ROUTE_BODY_LIMIT_BYTES } from '../modules/telemetry/telemetryRoutes.ts';
import { roleGrants, roles, userRoles } from '../platform/db/schema.ts';
import { changedTables, databaseFingerprint } from '../testing/databaseFingerprint.ts';
import { buildUser } from '../testing/factories.ts';
import { fuzzCases, type FuzzCase } from '../testing/fuzz/fuzzCases.ts';
import { fuzzProblem, refusedFields } from '../testing/fuzz/fuzzJudge.ts';
import { malformedReason } from '../testing/fuzz/fuzzOracle.ts';
import { createRandom, seedFrom } from '../testing/fuzz/random.ts';
import { fuzzUrl, sendFuzzRequest } from '../testing/fuzz/sendFuzzRequest.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { API_BODY_LIMIT_BYTES } from './app.ts';

/**
 * Every call of the contract, sent malformed requests over real HTTP by a caller holding every permission. A
 * call added to the contract is fuzzed here without a test of its own. `npm test` runs a bounded, seeded number
 * of cases per call; KELVIN_FUZZ_CASES runs more, KELVIN_FUZZ_SEED another set, KELVIN_FUZZ_CALL one call only:
 *   KELVIN_FUZZ_CASES=2000 KELVIN_FUZZ_SEED=7 npx vitest run apps/server/src/http/contractFuzz.test.ts
 */
const CASES = Number(process.env.KELVIN_FUZZ_CASES ?? 30);
const SEED = process.env.KELVIN_FUZZ_SEED ?? 'kelvin';
const ONLY = process.env.KELVIN_FUZZ_CALL;

const endpoints = allEndpoints.filter((endpoint) => ONLY === undefined || endpoint.name === ONLY);
const bodyLimitOf = (endpoint: EndpointDef) =>
  endpoint === contract.telemetryIngest ? INGEST_ROUTE_BODY_LIMIT_BYTES : API_BODY_LIMIT_BYTES;

const tally = { requests: 0, byStatus: new Map<number, number>() };

describe('the whole contract, fuzzed over real HTTP', () => {
  let server: TestServer;
  let roleId = 0;
  let agentKey = '';

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    ({ agentKeyA: agentKey } = await buildTelemetryFleet(db));
    // Every permission any role grants, on every company: nothing is refused for want of a grant.
    const [role] = await db.insert(roles).values({ name: 'Fuzz: every permission' }).returning();
    if (!role) throw new Error('role not created');
    roleId = role.roleId;
    await db.execute(sql`
      insert into ${roleGrants} (role_id, permission, attributes)
      select distinct ${roleId}::int, permission, '{"companyId": {"type": "ALL"}}'::jsonb from ${roleGrants}`);
  });
  afterAll(async () => {
    const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    process.stdout.write(
      `fuzz (seed ${SEED}, ${CASES} random cases a call): ${tally.requests} requests; ${statuses.join(', ')}\n`,
    );
    await server.close();
  });

  /** A fresh caller per call, so that a call that deletes users or takes roles cannot disarm the next one. */
  const everyPermissionCaller = async () => {
    const user = await buildUser(server.database.db, { companyId: 1 });
    await server.database.db.insert(userRoles).values({ userId: user.userId, roleId });
    return server.mintIdToken(user.identityId, { expiresIn: '1h' });
  };

  const describeCase = (endpoint: EndpointDef, fuzzCase: FuzzCase, index: number) =>
    `#${index} ${fuzzCase.label}: ${endpoint.method} ${fuzzUrl('', endpoint, fuzzCase.request).slice(0, 200)}`;

  it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s answers malformed requests with a 4xx naming the field, and a refusal writes nothing',
    async (_name, endpoint) => {
      const token = await everyPermissionCaller();
      const cases = fuzzCases(
        endpoint,
        createRandom(seedFrom(`${SEED}:${endpoint.name}`)),
        CASES,
        bodyLimitOf(endpoint),
      );
      const problems: string[] = [];
      let before = await databaseFingerprint(server.database.db);
      let baselineFields: string[] = [];
      for (const [index, fuzzCase] of cases.entries()) {
        const answer = await sendFuzzRequest(server.url, endpoint, fuzzCase.request, { token, agentKey });
        const after = await databaseFingerprint(server.database.db);
        tally.requests++;
        tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
        if (index === 0) baselineFields = refusedFields(answer);
        const problem = fuzzProblem(fuzzCase, answer, {
          changedTables: changedTables(before, after),
          baselineFields,
          malformed: malformedReason(endpoint, fuzzCase),
        });
        if (problem) problems.push(`${describeCase(endpoint, fuzzCase, index)}\n    ${problem}`);
        before = after;
      }
      // Replay one call: KELVIN_FUZZ_SEED=<seed> KELVIN_FUZZ_CALL=<name> (the case number is its place in the list).
      expect(problems, `seed ${SEED}, call ${endpoint.name}`).toEqual([]);
    },
    300_000,
  );
});
