import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, LIVE_SOCKET_PATH, liveSubscribeAckSchema, ticketSchema } from '@kelvin/contract';
import { startReceiver } from '../modules/notifications/notificationsTestFixture.ts';
import { createdSchema, gz, settled } from '../modules/uploads/uploadsTestKit.ts';
import {
  alerts,
  detectedProblems,
  notifications,
  problemEvaluationLeases,
  webhookDeliveries,
} from '../platform/db/problemsSchema.ts';
import { events, fileAttachments, metrics } from '../platform/db/schema.ts';
import { connectLive } from '../platform/live/liveTestClient.ts';
import { eventually } from '../platform/live/liveTestKit.ts';
import { monitorWithReturnAirRule } from '../modules/problems/evaluation/returnAirRule.ts';
import { ClusterBrowser, pollingLiveClient, queueTestDeliveries, signInThrough } from './clusterFixtures.ts';
import { buildUser } from '../testing/factories.ts';
import { EMBEDDED_CLIENT_ID } from '../config.ts';
import {
  answersFromEachProcess,
  clusterServicesAvailable,
  startTestCluster,
  type TestCluster,
} from './clusterTestKit.ts';
import { LIVE_STICKY_COOKIE } from './haproxyConfig.ts';

const available = await clusterServicesAvailable();

/** How often each process reads ticket changes here: fast, so that both have read a change many times. */
const NOTICES_MS = 250;
/** The evaluators' cycle, the shortest there is: a new rule is leased within it. */
const CYCLE_SECONDS = 5;

/**
 * `npm run start:cluster` as deployed: two server processes on one PostgreSQL and one Redis behind HAProxy. Every
 * call goes to HAProxy's address; which process answered is told by its `x-kelvin-process` header.
 */
describe.runIf(available)('two server processes behind HAProxy', () => {
  let test: TestCluster;
  // Set once the cluster runs: a start that failed leaves nothing to close.
  let close = () => Promise.resolve();
  const names = ['p1', 'p2'];

  beforeAll(async () => {
    test = await startTestCluster({
      KELVIN_TICKET_NOTICES_MS: String(NOTICES_MS),
      KELVIN_PROBLEMS_CYCLE_SECONDS: String(CYCLE_SECONDS),
    });
    close = () => test.close();
  }, 120_000);
  afterAll(() => close());

  const metricIdOf = async (alias: string) => {
    const [row] = await test.database.db
      .select({ metricId: metrics.metricId })
      .from(metrics)
      .where(eq(metrics.alias, alias));
    if (!row) throw new Error(`no metric ${alias}`);
    return row.metricId;
  };
  const post = (route: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${test.cluster.url}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const ingest = (value: number, ts: number) =>
    post(
      '/telemetry.ingest',
      { 'x-agent-key': test.fleet.agentKeyA },
      {
        batchId: `cluster-${value}-${ts}`,
        points: [{ assetId: test.fleet.ids.unitA1, alias: 'temperature.supplyAir', ts, value }],
      },
    );

  it('accepts one sign-in session on every process', async () => {
    const token = await test.idToken(test.fleet.users.adminA);
    const answers = await answersFromEachProcess(names, () =>
      post(
        '/assets/metrics/lastValue',
        { authorization: `Bearer ${token}` },
        { assetIds: [test.fleet.ids.unitA1] },
      ),
    );
    expect([...answers.keys()].sort()).toEqual(names);
    for (const [name, response] of answers) expect(response.status, name).toBe(200);
    // And a session that was signed out is refused by every process alike (the sessions are in PostgreSQL).
    const unsigned = await answersFromEachProcess(names, () =>
      post('/assets/metrics/lastValue', { authorization: 'Bearer not-a-token' }, { assetIds: [] }),
    );
    for (const [name, response] of unsigned) expect(response.status, name).toBe(401);
  });

  it('signs in through HAProxy, each step of the sign-in on whichever process, and the token works on both', async () => {
    const password = 'correct horse battery';
    const user = await buildUser(test.database.db, {
      companyId: test.fleet.companyA.companyId,
      roles: ['Customer Operator'],
      password,
    });
    // The public origin (the issuer's), which is HAProxy.
    const origin = `http://localhost:${new URL(test.cluster.url).port}`;
    const browser = new ClusterBrowser();
    const token = await signInThrough(browser, origin, EMBEDDED_CLIENT_ID, { email: user.email, password });
    // Round robin: the authorization request, the form, its answer and the code's exchange met both processes.
    expect(new Set(browser.answeredBy)).toEqual(new Set(names));
    const answers = await answersFromEachProcess(names, () =>
      fetch(`${test.cluster.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }),
    );
    for (const [name, response] of answers) {
      expect(response.status, name).toBe(200);
      expect(await response.json(), name).toMatchObject({ user: { email: user.email } });
    }
  });

  it('fans a value ingested through either process out to a live subscriber, whichever process it is on', async () => {
    const metricId = await metricIdOf('temperature.supplyAir');
    const path = `${test.fleet.ids.unitA1}/${metricId}`;
    const subscriber = await connectLive(test.cluster.url, await test.idToken(test.fleet.users.adminA));
    try {
      expect((await subscriber.subscribe([path])).accepted).toEqual([path]);
      // One value through each process: whichever process the subscriber is on, one of them crossed over Redis.
      const ts = Date.now() - 60_000;
      const byProcess = new Map<string, number>();
      for (let value = 1; byProcess.size < names.length && value <= 20; value++) {
        const response = await ingest(value, ts + value);
        expect(response.status).toBe(200);
        const name = response.headers.get('x-kelvin-process') ?? '';
        if (!byProcess.has(name)) byProcess.set(name, value);
      }
      expect([...byProcess.keys()].sort()).toEqual(names);
      await eventually(() => {
        const received = subscriber.updates.map((update) => update.value);
        for (const value of byProcess.values()) expect(received).toContain(value);
      }, 10_000);
    } finally {
      subscriber.close();
    }
  });

  it('keeps the browser’s long-polling live connection on one process by HAProxy’s cookie', async () => {
    const metricId = await metricIdOf('temperature.returnAir');
    const path = `${test.fleet.ids.unitA1}/${metricId}`;
    const token = await test.idToken(test.fleet.users.adminA);
    // Polling only: every poll is a request of its own, which round robin would send to the other process.
    const { socket, updates } = pollingLiveClient(test.cluster.url, token);
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const ack = liveSubscribeAckSchema.parse(
        await socket.timeout(5000).emitWithAck('subscribe', { paths: [path] }),
      );
      expect(ack.accepted).toEqual([path]);
      const ts = Date.now() - 30_000;
      for (let value = 100; value < 104; value++)
        expect(
          (
            await post(
              '/telemetry.ingest',
              { 'x-agent-key': test.fleet.agentKeyA },
              {
                batchId: `polling-${value}-${ts}`,
                points: [
                  { assetId: test.fleet.ids.unitA1, alias: 'temperature.returnAir', ts: ts + value, value },
                ],
              },
            )
          ).status,
        ).toBe(200);
      await eventually(
        () => expect(updates.map((update) => update.value)).toEqual([100, 101, 102, 103]),
        10_000,
      );
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
    // What made it work: the first /live answer set the cookie that names the process.
    const first = await fetch(`${test.cluster.url}${LIVE_SOCKET_PATH}/?EIO=4&transport=polling`);
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^${LIVE_STICKY_COOKIE}=p[12];`));
    await first.body?.cancel();
  });

  it('delivers a command queued through one process once, to an agent waiting on either', async () => {
    const { users, ids, agentKeyA } = test.fleet;
    const poll = () =>
      post('/agents.commands.poll', { 'x-agent-key': agentKeyA }, { waitSeconds: 4 }).then(
        async (response) => ({
          process: response.headers.get('x-kelvin-process'),
          status: response.status,
          body: contract.agentCommandsPoll.output.parse(await response.json()),
        }),
      );
    // Two long polls of the unit's agent, one after the other: round robin puts them on different processes.
    const polls = [poll(), poll()];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const created = await post(
      '/metrics.commands.create',
      { authorization: `Bearer ${await test.idToken(users.adminA)}` },
      {
        assetId: ids.unitA1,
        metricId: await metricIdOf('temperature.supplyAirSetpoint'),
        action: 'set',
        value: 19.5,
        reason: 'Hot aisle running warm',
      },
    );
    expect(created.status).toBe(200);
    const { commandId } = contract.metricCommandsCreate.output.parse(await created.json());
    const answers = await Promise.all(polls);
    expect(answers.map((answer) => answer.process).sort()).toEqual(names);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const delivered = answers.flatMap((answer) => answer.body.commands.map((command) => command.commandId));
    expect(delivered).toEqual([commandId]);
  });

  it('keeps a rule with the one process that leased it, and a breach both processes stored opens one problem', async () => {
    const { db } = test.database;
    const { ids, agentKeyA } = test.fleet;
    const ruleId = await monitorWithReturnAirRule(db, test.fleet, ids.unitA2);
    const leasesOf = () =>
      db
        .select({ owner: problemEvaluationLeases.owner })
        .from(problemEvaluationLeases)
        .where(eq(problemEvaluationLeases.problemRuleDefinitionId, ruleId));
    await eventually(
      async () => expect((await leasesOf())[0]?.owner ?? null).not.toBeNull(),
      2 * CYCLE_SECONDS * 1000,
    );
    // Who holds the rule, read every 100 ms from here on: each process claims rules every cycle, so a lease that
    // did not keep the rule with its holder would show the other process's owner within a cycle.
    const owners = new Set<string | null>();
    const sampling = { on: true };
    const sampler = (async () => {
      while (sampling.on) {
        for (const row of await leasesOf()) owners.add(row.owner);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    // The breach is stored by each process (each has its own DuckDB here) and heard by both over Redis: a
    // process that evaluated the rule without holding it would open a second problem.
    const ts = Date.now();
    const storedBy = new Set<string>();
    for (let n = 0; storedBy.size < names.length && n < 20; n++) {
      const response = await post(
        '/telemetry.ingest',
        { 'x-agent-key': agentKeyA },
        {
          batchId: `breach-${n}-${ts}`,
          points: [{ assetId: ids.unitA2, alias: 'temperature.returnAir', ts: ts + n, value: 47.5 }],
        },
      );
      expect(response.status).toBe(200);
      storedBy.add(response.headers.get('x-kelvin-process') ?? '');
    }
    expect([...storedBy].sort()).toEqual(names);
    const problemsOf = () =>
      db.select().from(detectedProblems).where(eq(detectedProblems.problemRuleDefinitionId, ruleId));
    await eventually(async () => expect(await problemsOf()).toHaveLength(1), 3 * CYCLE_SECONDS * 1000);
    // A further cycle of both processes: still one problem and one alert.
    await new Promise((resolve) => setTimeout(resolve, CYCLE_SECONDS * 1000 + 500));
    expect(await problemsOf()).toHaveLength(1);
    expect(await db.select().from(alerts).where(eq(alerts.problemRuleDefinitionId, ruleId))).toHaveLength(1);
    sampling.on = false;
    await sampler;
    expect(owners.size, [...owners].join(', ')).toBe(1);
  }, 40_000);

  it('processes each uploaded file once, whichever process received it', async () => {
    const { db } = test.database;
    const { users, ids } = test.fleet;
    const auth = { authorization: `Bearer ${await test.idToken(users.adminA)}` };
    const base = Date.now() - 20 * 3_600_000;
    const files = 4;
    const receivedBy = new Set<string>();
    // Registered and sent one after the other, at once: the receiving processes' runners are woken, and the
    // other's poll finds the same files.
    const created = await Promise.all(
      Array.from({ length: files }, async (_, file) => {
        const csv = [
          'assetId,alias,ts,value',
          ...[0, 1, 2].map(
            (n) => `${ids.unitA2},temperature.supplyAir,${base + (file * 3 + n) * 60_000},${file}`,
          ),
        ].join('\n');
        const bytes = gz(csv);
        const registered = await post('/fileAttachments.createAssetDataAttachmentUploadSignedUrl', auth, {
          filename: `readings-${file}.csv.gz`,
          fileSizeInBytes: bytes.length,
        });
        expect(registered.status).toBe(200);
        const { fileAttachmentId, uploadUrl } = createdSchema.parse(await registered.json());
        // The signed URL is on the cluster's public origin: HAProxy again.
        const sent = await fetch(uploadUrl, {
          method: 'PUT',
          headers: { 'content-type': 'application/gzip' },
          body: bytes,
        });
        expect(sent.status, await sent.clone().text()).toBe(200);
        receivedBy.add(sent.headers.get('x-kelvin-process') ?? '');
        return fileAttachmentId;
      }),
    );
    expect([...receivedBy].sort()).toEqual(names);
    for (const fileAttachmentId of created) {
      expect(await settled(db, fileAttachmentId)).toMatchObject({ status: 'INGESTED', pointsIngested: 3 });
    }
    // A further poll of both runners (every 5 s): no file is taken again.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const statuses = await db
      .select({ subjectId: events.subjectId, data: events.data })
      .from(events)
      .where(and(eq(events.subjectType, 'fileAttachment'), eq(events.name, 'fileAttachments.status')))
      .orderBy(asc(events.eventId));
    for (const fileAttachmentId of created) {
      const ofFile = statuses
        .filter((event) => event.subjectId === String(fileAttachmentId))
        .map((event) => z.object({ status: z.string() }).parse(event.data).status);
      expect(ofFile).toEqual(['UPLOADED', 'SCHEDULED_FOR_PROCESSING', 'PROCESSING', 'INGESTED']);
    }
    const rows = await db
      .select()
      .from(fileAttachments)
      .where(inArray(fileAttachments.fileAttachmentId, created));
    expect(rows.map((row) => row.status)).toEqual(created.map(() => 'INGESTED'));
  }, 40_000);

  it('sends each webhook delivery once, though every process runs a sender', async () => {
    const secret = 'whsec_cluster-test';
    const receiver = await startReceiver({ secret: () => secret });
    try {
      const { db } = test.database;
      const count = 30;
      const queued = await queueTestDeliveries(db, test.fleet, {
        url: receiver.url,
        secret,
        secretKey: test.secretKey,
        count,
      });
      // Each process polls its outbox every 5 s: by then both have looked at least once more.
      await eventually(() => expect(receiver.calls).toHaveLength(count), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const numbers = receiver.calls.map(
        (call) => z.object({ n: z.number() }).parse(JSON.parse(call.body)).n,
      );
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, n) => n));
      expect(receiver.calls.every((call) => call.signatureValid)).toBe(true);
      const rows = await db
        .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attemptCount })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.deliveryId, queued));
      expect(rows.every((row) => row.status === 'DELIVERED' && row.attempts === 1)).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it('tells a ticket’s people of a change once, though every process reads the changes', async () => {
    const { users, companyA, ids } = test.fleet;
    const token = await test.idToken(users.technician);
    const response = await post(
      '/tickets.create',
      { authorization: `Bearer ${token}` },
      {
        companyId: companyA.companyId,
        title: 'Fan wall vibrating',
        severityEnumValue: 2,
        visibility: 'EXTERNAL',
        assetIds: [ids.unitA1],
        users: [
          { userId: users.technician.userId, relationTypeEnumValue: 1 },
          { userId: users.adminA.userId, relationTypeEnumValue: 0 },
        ],
      },
    );
    expect(response.status, `${await response.clone().text()}\n${test.cluster.haproxy.output()}`).toBe(200);
    const ticket = ticketSchema.parse(await response.json());
    const rowsOf = () =>
      test.database.db
        .select({ userId: notifications.userId, kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.ticketId, ticket.ticketId));
    await eventually(async () => expect(await rowsOf()).toHaveLength(1), 10_000);
    // Many more rounds of both processes' reading: still told once.
    await new Promise((resolve) => setTimeout(resolve, NOTICES_MS * 8));
    expect(await rowsOf()).toEqual([{ userId: users.adminA.userId, kind: 'TICKET_ASSIGNED' }]);
  });
});
