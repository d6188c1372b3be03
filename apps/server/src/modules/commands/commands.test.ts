import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMAND_DELIVERY_TIMEOUT_MS, metricCommandSchema, metricCommandsEndpoints } from '@kelvin/contract';
import { events, metricCommands } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { postIngest } from '../telemetry/telemetryTestFixture.ts';
import type * as CommandQueue from './commandQueue.ts';
import { POLL_RECHECK_MS, sweepTimedOutCommands, TIMEOUT_REASONS } from './commandQueue.ts';
import { agentCall, buildCommandsFleet, type CommandsFleet } from './commandsTestFixture.ts';

/** How many times a poll of the server (which runs in this process) began to wait for a wake-up. */
const pollWaits = vi.hoisted(() => ({ started: 0 }));

/**
 * A waiting poll re-reads the queue every POLL_RECHECK_MS, which alone would find a new command within a second.
 * Here the re-read comes only after every poll of this file has given up, so that a poll answered with a
 * command was woken in-process by its creation; and each wait is counted, so that a test knows a poll waits.
 */
vi.mock('./commandQueue.ts', async (importOriginal) => {
  const original = await importOriginal<typeof CommandQueue>();
  return {
    ...original,
    POLL_RECHECK_MS: 10 * 60_000,
    createCommandWakeups: (): CommandQueue.CommandWakeups => {
      const wakeups = original.createCommandWakeups();
      return {
        wake: (datahallId) => wakeups.wake(datahallId),
        wait: (datahallId, ms, signal) => {
          pollWaits.started += 1;
          return wakeups.wait(datahallId, ms, signal);
        },
      };
    },
  };
});

/** Long enough that a poll not woken would answer empty, well inside the test's 30 s timeout. */
const WAKE_TEST_WAIT_SECONDS = 15;
/** A poll reads the queue once before it waits: a few queries, slow only on a loaded machine. */
const POLL_START_TIMEOUT_MS = 5_000;

const pollOutput = metricCommandsEndpoints.agentCommandsPoll.output;
const ackOutput = metricCommandsEndpoints.agentCommandsAck.output;

describe('set and override commands', () => {
  let server: TestServer;
  let fleet: CommandsFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildCommandsFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const setpoint = (value: unknown = 19.5) => ({
    assetId: fleet.ids.unitA1,
    metricId: fleet.metrics.setpoint,
    action: 'set',
    value,
    reason: 'Hot aisle running warm',
  });
  const create = (user: { identityId: string }, body: unknown) =>
    api(user, 'POST', '/metrics.commands.create', body);
  const poll = (key: string, waitSeconds = 0) =>
    agentCall(server, key, '/agents.commands.poll', { waitSeconds });
  const commandEvents = (assetId: number) =>
    server.database.db
      .select()
      .from(events)
      .where(and(eq(events.subjectType, 'asset'), eq(events.subjectId, String(assetId))));
  const commandCount = async () => (await server.database.db.select().from(metricCommands)).length;

  it('queues a set for the agent of the unit’s hall, which takes it once and answers; all of it audited', async () => {
    const created = await create(fleet.users.adminA, setpoint());
    expect(created.status).toBe(200);
    const command = metricCommandSchema.parse(created.body);
    expect(command).toMatchObject({
      assetId: fleet.ids.unitA1,
      alias: 'temperature.supplyAirSetpoint',
      action: 'set',
      value: 19.5,
      state: 'PENDING',
      durationMinutes: null,
      requestedBy: { userId: fleet.users.adminA.userId, name: 'Ada Alpha' },
    });

    // The agent of the other hall and the other company's agent see nothing.
    expect(pollOutput.parse((await poll(fleet.agentKeyA2)).body).commands).toEqual([]);
    expect(pollOutput.parse((await poll(fleet.agentKeyB)).body).commands).toEqual([]);
    const taken = pollOutput.parse((await poll(fleet.agentKeyA)).body).commands;
    expect(taken).toEqual([
      {
        commandId: command.commandId,
        assetId: fleet.ids.unitA1,
        metricId: fleet.metrics.setpoint,
        alias: 'temperature.supplyAirSetpoint',
        action: 'set',
        value: 19.5,
        durationMinutes: null,
      },
    ]);
    expect(pollOutput.parse((await poll(fleet.agentKeyA)).body).commands).toEqual([]);

    // Another agent may not answer it; the taker may, and answering again changes nothing.
    const foreign = await agentCall(server, fleet.agentKeyA2, '/agents.commands.ack', {
      results: [{ commandId: command.commandId, outcome: 'FAILED', reason: 'not mine' }],
    });
    expect(foreign.status).toBe(404);
    const ack = { results: [{ commandId: command.commandId, outcome: 'APPLIED' }] };
    const acked = await agentCall(server, fleet.agentKeyA, '/agents.commands.ack', ack);
    expect(ackOutput.parse(acked.body).results).toEqual([{ commandId: command.commandId, state: 'APPLIED' }]);
    const again = await agentCall(server, fleet.agentKeyA, '/agents.commands.ack', {
      results: [{ commandId: command.commandId, outcome: 'FAILED', reason: 'late' }],
    });
    expect(ackOutput.parse(again.body).results).toEqual([{ commandId: command.commandId, state: 'APPLIED' }]);

    const listed = await api(fleet.users.operatorA, 'POST', '/metrics.commands.list', {
      assetId: fleet.ids.unitA1,
    });
    const [latest] = metricCommandsEndpoints.metricCommandsList.output.parse(listed.body);
    expect(latest).toMatchObject({ commandId: command.commandId, state: 'APPLIED', failureReason: null });
    expect(latest?.deliveredAt).not.toBeNull();
    expect(latest?.completedAt).not.toBeNull();

    const names = (await commandEvents(fleet.ids.unitA1)).map((event) => event.name);
    expect(names).toEqual(expect.arrayContaining(['metrics.commands.create', 'metrics.commands.apply']));
    const [createdEvent] = (await commandEvents(fleet.ids.unitA1)).filter(
      (e) => e.name === 'metrics.commands.create',
    );
    expect(createdEvent?.actorUserId).toBe(fleet.users.adminA.userId);
    expect(createdEvent?.data).toMatchObject({
      reason: 'Hot aisle running warm',
      value: 19.5,
      action: 'set',
    });
  });

  it('delivers an override with its duration, reports FAILED with the agent’s reason', async () => {
    const created = await create(fleet.users.technician, {
      assetId: fleet.ids.unitA2,
      metricId: fleet.metrics.unitMode,
      action: 'override',
      value: 2,
      durationMinutes: 30,
      reason: 'Filter change',
    });
    expect(created.status).toBe(200);
    const { commandId } = metricCommandSchema.parse(created.body);
    // unitA2 hangs under a split unit in hall A1: the same agent serves it.
    const [taken] = pollOutput.parse((await poll(fleet.agentKeyA)).body).commands;
    expect(taken).toMatchObject({ commandId, action: 'override', value: 2, durationMinutes: 30 });
    await agentCall(server, fleet.agentKeyA, '/agents.commands.ack', {
      results: [{ commandId, outcome: 'FAILED', reason: 'Unit is in local control' }],
    });
    const listed = await api(fleet.users.adminA, 'POST', '/metrics.commands.list', {
      assetId: fleet.ids.unitA2,
    });
    expect(metricCommandsEndpoints.metricCommandsList.output.parse(listed.body)[0]).toMatchObject({
      commandId,
      state: 'FAILED',
      failureReason: 'Unit is in local control',
    });
  });

  it('wakes a waiting poll when a command arrives', async () => {
    expect(POLL_RECHECK_MS).toBeGreaterThan(WAKE_TEST_WAIT_SECONDS * 1000);
    const started = Date.now();
    const waitsBefore = pollWaits.started;
    const waiting = poll(fleet.agentKeyA, WAKE_TEST_WAIT_SECONDS);
    // The command is created only once the poll found the queue empty and waits: else it would simply find it.
    await expect
      .poll(() => pollWaits.started, { timeout: POLL_START_TIMEOUT_MS })
      .toBeGreaterThan(waitsBefore);
    const created = await create(fleet.users.adminA, setpoint(20));
    const { commandId } = metricCommandSchema.parse(created.body);
    expect(pollOutput.parse((await waiting).body).commands.map((c) => c.commandId)).toEqual([commandId]);
    expect(Date.now() - started).toBeLessThan(WAKE_TEST_WAIT_SECONDS * 1000);
    await agentCall(server, fleet.agentKeyA, '/agents.commands.ack', {
      results: [{ commandId, outcome: 'APPLIED' }],
    });
  });

  it('refuses what the metric does not permit or whose value does not fit, writing nothing', async () => {
    const before = await commandCount();
    const refusals: [unknown, string, string][] = [
      [
        { ...setpoint(), action: 'override', durationMinutes: 10 },
        'body.action',
        'This metric does not permit override.',
      ],
      [setpoint('warm'), 'body.value', 'Enter a number.'],
      [
        { ...setpoint(), metricId: fleet.metrics.unitMode, value: 99 },
        'body.value',
        'Choose one of the listed values.',
      ],
      [
        { ...setpoint(), metricId: fleet.metrics.unitMode, action: 'override', value: 1 },
        'body.durationMinutes',
        'Say how long the override lasts.',
      ],
      [
        { ...setpoint(), durationMinutes: 10 },
        'body.durationMinutes',
        'A set value does not end; leave the duration out.',
      ],
      [
        { ...setpoint(), metricId: fleet.metrics.supplyAir },
        'body.action',
        'This metric does not permit set.',
      ],
      [
        { ...setpoint(), assetId: fleet.ids.hallA1 },
        'body.assetId',
        'Commands go to units; this asset is not a unit.',
      ],
      [{ ...setpoint(), reason: '  ' }, 'body.reason', 'Say why'],
      [
        { ...setpoint(), metricId: fleet.metrics.unitMode, action: 'override', value: 1, durationMinutes: 0 },
        'body.durationMinutes',
        '',
      ],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await create(fleet.users.adminA, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const error = errorOf(answer);
      expect(error.details?.map((detail) => detail.field)).toContain(field);
      if (message) expect(error.details?.find((detail) => detail.field === field)?.message).toBe(message);
    }
    expect(await commandCount()).toBe(before);
  });

  it('needs metrics:write on the unit’s company: 403 without it, 404 for another company’s unit', async () => {
    const before = await commandCount();
    const operator = await create(fleet.users.operatorA, setpoint());
    expect(operator.status).toBe(403);
    expect(errorOf(operator).message).toBe('You need the metrics:write permission to do this.');
    const otherCompany = await create(fleet.users.adminB, setpoint());
    expect(otherCompany.status).toBe(404);
    const list = await api(fleet.users.adminB, 'POST', '/metrics.commands.list', {
      assetId: fleet.ids.unitA1,
    });
    expect(list.status).toBe(404);
    expect(await commandCount()).toBe(before);
  });

  it('refuses agents without a valid key and users on agent calls', async () => {
    expect((await agentCall(server, 'x'.repeat(30), '/agents.commands.poll', {})).status).toBe(401);
    const asUser = await api(fleet.users.providerAdmin, 'POST', '/agents.commands.poll', { waitSeconds: 0 });
    expect(asUser.status).toBe(401);
  });

  it('times out a command no agent took, once, and records why', async () => {
    const created = await create(fleet.users.adminA, { ...setpoint(), assetId: fleet.ids.unitA3 });
    const { commandId } = metricCommandSchema.parse(created.body);
    const later = new Date(Date.now() + COMMAND_DELIVERY_TIMEOUT_MS + 1_000);
    expect(await sweepTimedOutCommands(server.database.db, later)).toBeGreaterThanOrEqual(1);
    expect(await sweepTimedOutCommands(server.database.db, later)).toBe(0);
    const listed = await api(fleet.users.adminA, 'POST', '/metrics.commands.list', {
      assetId: fleet.ids.unitA3,
    });
    expect(metricCommandsEndpoints.metricCommandsList.output.parse(listed.body)[0]).toMatchObject({
      commandId,
      state: 'TIMED_OUT',
      failureReason: TIMEOUT_REASONS.notTaken,
    });
    // A timed-out command is no longer delivered.
    expect(pollOutput.parse((await poll(fleet.agentKeyA2)).body).commands).toEqual([]);
    const timeouts = (await commandEvents(fleet.ids.unitA3)).filter(
      (e) => e.name === 'metrics.commands.timeOut',
    );
    expect(timeouts).toHaveLength(1);
  });

  it('carries an agent’s USER override to last values', async () => {
    const ts = Date.now();
    const sent = await postIngest(
      server,
      {
        points: [
          {
            assetId: fleet.ids.unitA1,
            alias: 'status.unitMode',
            ts,
            value: 2,
            status: 65,
            overrideType: 'USER',
          },
        ],
      },
      { headers: { 'x-agent-key': fleet.agentKeyA } },
    );
    expect(sent.status).toBe(200);
    const last = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [fleet.ids.unitA1],
      metricIds: [fleet.metrics.unitMode],
    });
    expect(last.body).toMatchObject({
      [fleet.metrics.unitMode]: { [fleet.ids.unitA1]: { value: 2, metadata: { overrideType: 'USER' } } },
    });
  });
});
