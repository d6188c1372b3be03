import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemListsEndpoints } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { insertWindowRow } from '../maintenance/maintenanceTestFixture.ts';
import { buildProblemsFleet, HOUR, MINUTE, type ProblemsFleet } from './problemsTestFixture.ts';

const PATH = '/detectedProblems.list';
const pageSchema = problemListsEndpoints.detectedProblemsList.output;

describe('detectedProblems.list', () => {
  let server: TestServer;
  let data: ProblemsFleet;
  let api: ReturnType<typeof apiAs>;
  const list = async (user: { identityId: string }, body: Record<string, unknown> = {}) => {
    const answer = await api(user, 'POST', PATH, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return pageSchema.parse(answer.body);
  };
  const names = (page: { content: { name: string; assetName: string }[] }) =>
    page.content.map((problem) => `${problem.name} @ ${problem.assetName}`);

  beforeAll(async () => {
    server = await startTestServer();
    data = await buildProblemsFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it("lists the caller's company's problems, newest event first, with asset names and alerts", async () => {
    const page = await list(data.users.adminA);
    expect(names(page)).toEqual([
      'Supply air too warm @ AN-CRAH-01',
      'Filter pressure high @ AN-SX-01',
      'Unit silent @ AN-CRAH-01',
      'Humidity drifting @ AS-CRAH-01',
    ]);
    expect(page.pageable).toEqual({ totalSize: 4, pageSize: 25, pageNumber: 0 });
    const [first] = page.content;
    expect(first).toMatchObject({
      detectedProblemId: data.problems.supplyAirA1.detectedProblemId,
      level: 'CRITICAL',
      kind: 'SYSTEM',
      closedAt: null,
      tags: ['air', 'temperature'],
      acknowledgement: null,
      mute: null,
      inMaintenance: false,
    });
    expect(first?.alertIds).toHaveLength(1);
  });

  it('filters by state, level, rule, active interval and time window', async () => {
    const { adminA } = data.users;
    expect(names(await list(adminA, { states: ['OPEN'] }))).toEqual([
      'Supply air too warm @ AN-CRAH-01',
      'Filter pressure high @ AN-SX-01',
    ]);
    expect(names(await list(adminA, { states: ['CLOSED'] }))).toEqual([
      'Unit silent @ AN-CRAH-01',
      'Humidity drifting @ AS-CRAH-01',
    ]);
    expect((await list(adminA, { states: ['OPEN', 'CLOSED'] })).pageable.totalSize).toBe(4);
    expect(names(await list(adminA, { levels: ['WARNING', 'INFO'] }))).toEqual([
      'Filter pressure high @ AN-SX-01',
      'Humidity drifting @ AS-CRAH-01',
    ]);
    const ruleIds = [data.rules.silentA.problemRuleDefinitionId];
    expect(names(await list(adminA, { problemRuleDefinitionIds: ruleIds }))).toEqual([
      'Unit silent @ AN-CRAH-01',
    ]);
    // Open ones, and closed ones whose last event is within the interval (the silence ended 70 minutes ago).
    expect((await list(adminA, { activeInterval: 'PT10M' })).pageable.totalSize).toBe(2);
    expect(names(await list(adminA, { activeInterval: 'PT2H' }))).toContain('Unit silent @ AN-CRAH-01');
    const now = Date.now();
    const window = {
      from: new Date(now - 4 * HOUR).toISOString(),
      to: new Date(now - 3.5 * HOUR).toISOString(),
    };
    expect(names(await list(adminA, { timeWindow: window }))).toEqual(['Humidity drifting @ AS-CRAH-01']);
    const lately = { from: new Date(now - 10 * MINUTE).toISOString(), to: new Date(now).toISOString() };
    expect(names(await list(adminA, { timeWindow: lately }))).toEqual([
      'Supply air too warm @ AN-CRAH-01',
      'Filter pressure high @ AN-SX-01',
    ]);
  });

  it('matches the fuzzy filter word by word against name, description, tags and asset name', async () => {
    const { adminA } = data.users;
    expect(names(await list(adminA, { fuzzyFilter: 'crah SUPPLY' }))).toEqual([
      'Supply air too warm @ AN-CRAH-01',
    ]);
    expect(names(await list(adminA, { fuzzyFilter: 'filters' }))).toEqual([
      'Filter pressure high @ AN-SX-01',
    ]);
    expect(names(await list(adminA, { fuzzyFilter: 'critical limit' }))).toEqual([
      'Supply air too warm @ AN-CRAH-01',
    ]);
    expect(names(await list(adminA, { fuzzyFilter: 'as-crah' }))).toEqual(['Humidity drifting @ AS-CRAH-01']);
    expect((await list(adminA, { fuzzyFilter: '100%' })).content).toEqual([]);
  });

  it('pages and sorts by level, name and last event', async () => {
    const { adminA } = data.users;
    const byLevel = await list(adminA, {
      pageableQuery: {
        type: 'PAGED',
        pageSize: 2,
        pageNumber: 1,
        sort: [
          { property: 'level', direction: 'DESC' },
          { property: 'name', direction: 'ASC' },
        ],
      },
    });
    expect(byLevel.pageable).toEqual({ totalSize: 4, pageSize: 2, pageNumber: 1 });
    expect(names(byLevel)).toEqual(['Filter pressure high @ AN-SX-01', 'Humidity drifting @ AS-CRAH-01']);
    const oldest = await list(adminA, {
      pageableQuery: {
        type: 'PAGED',
        pageSize: 1,
        pageNumber: 0,
        sort: [{ property: 'lastEventAt', direction: 'ASC' }],
      },
    });
    expect(names(oldest)).toEqual(['Humidity drifting @ AS-CRAH-01']);
    const bad = await api(adminA, 'POST', PATH, {
      pageableQuery: {
        type: 'PAGED',
        pageSize: 5,
        pageNumber: 0,
        sort: [{ property: 'secret', direction: 'ASC' }],
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('pageableQuery.sort');
  });

  it("leaves out other companies' problems and assets outside an operator's groups", async () => {
    const { adminA, adminB, operatorA, providerAdmin } = data.users;
    expect((await list(adminA, { assetIds: [data.fleet.ids.unitB] })).content).toEqual([]);
    expect(names(await list(adminB))).toEqual(['Supply air too warm @ B1-CRAH-01']);
    expect(names(await list(operatorA))).toEqual([
      'Supply air too warm @ AN-CRAH-01',
      'Filter pressure high @ AN-SX-01',
      'Unit silent @ AN-CRAH-01',
    ]);
    expect((await list(providerAdmin)).pageable.totalSize).toBe(5);
    expect(names(await list(providerAdmin, { assetIds: [data.fleet.ids.unitB] }))).toEqual([
      'Supply air too warm @ B1-CRAH-01',
    ]);
  });

  it('says which problems are on assets in an active maintenance window', async () => {
    const { fleet } = data;
    await insertWindowRow(server.database.db, {
      companyId: fleet.companyA.companyId,
      assetId: fleet.ids.hallA1,
      createdBy: fleet.users.adminA.userId,
      fromHours: -1,
      toHours: 1,
    });
    const page = await list(data.users.adminA, { states: ['OPEN'] });
    expect(page.content.map((problem) => [problem.assetName, problem.inMaintenance])).toEqual([
      ['AN-CRAH-01', true],
      ['AN-SX-01', true],
    ]);
    const south = await list(data.users.adminA, { assetIds: [fleet.ids.unitA3] });
    expect(south.content.map((problem) => problem.inMaintenance)).toEqual([false]);
  });

  it('answers 403 without detectedProblems:read, 401 without a token, 400 for bad input', async () => {
    const denied = await api(data.users.noRolesA, 'POST', PATH, {});
    expect(denied.status).toBe(403);
    expect(errorOf(denied).message).toContain('detectedProblems:read');
    const anonymous = await fetch(`${server.url}/api${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const now = Date.now();
    const cases: [unknown, string][] = [
      [{ levels: ['SEVERE'] }, 'levels'],
      [{ states: ['SOLVED'] }, 'states'],
      [{ activeInterval: '10 minutes' }, 'activeInterval'],
      [
        { timeWindow: { from: new Date(now).toISOString(), to: new Date(now - HOUR).toISOString() } },
        'timeWindow.to',
      ],
      [{ assetIds: [0] }, 'assetIds'],
      [{ fuzzyFilter: 'x'.repeat(201) }, 'fuzzyFilter'],
      [{ unknown: true }, 'unknown'],
    ];
    for (const [body, field] of cases) {
      const answer = await api(data.users.adminA, 'POST', PATH, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
  });
});
