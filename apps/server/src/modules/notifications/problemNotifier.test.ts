import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookPayloadSchema } from '@kelvin/contract';
import type { Database } from '../../platform/db/database.ts';
import {
  companyWebhooks,
  notificationPreferences,
  notifications,
  webhookDeliveries,
} from '../../platform/db/problemsSchema.ts';
import { openTestDatabase } from '../../testing/testServer.ts';
import { buildProblemsFleet, type ProblemsFleet } from '../problems/problemsTestFixture.ts';
import { noticeOf, recordingLogger, recordingRelay } from './notificationsTestFixture.ts';
import { createProblemNotifier } from './problemNotifier.ts';

describe('problem notifier', () => {
  let database: Database;
  let world: ProblemsFleet;
  const relay = recordingRelay();
  const log = recordingLogger();
  let woken = 0;
  let notifier: ReturnType<typeof createProblemNotifier>;

  beforeAll(async () => {
    database = await openTestDatabase();
    world = await buildProblemsFleet(database.db);
    notifier = createProblemNotifier({
      db: database.db,
      relay: relay.relay,
      logger: log.logger,
      onDeliveriesQueued: () => woken++,
      consoleOrigin: 'https://console.example',
    });
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    const { db } = database;
    await db.delete(webhookDeliveries);
    await db.delete(companyWebhooks);
    await db.delete(notifications);
    await db.delete(notificationPreferences);
    relay.clear();
    log.lines.splice(0);
    woken = 0;
  });

  const rowsOf = (problemId: number) =>
    database.db.select().from(notifications).where(eq(notifications.detectedProblemId, problemId));
  const usersOf = async (problemId: number) =>
    (await rowsOf(problemId)).map((row) => row.userId).sort((a, b) => a - b);
  const ids = (...users: { userId: number }[]) => users.map((user) => user.userId).sort((a, b) => a - b);

  it('tells everyone who may read the asset’s problems, once, with their unread count', async () => {
    const { users, problems } = world;
    const notice = await noticeOf(database.db, problems.supplyAirA1.detectedProblemId, 'OPENED');
    await notifier.notify([notice]);

    // AN-CRAH-01 is in the operator's hall and under the reader's and the admin's sites; Bravo's admin and a user
    // without roles hear nothing.
    const expected = ids(
      users.providerAdmin,
      users.technician,
      users.adminA,
      users.operatorA,
      users.problemReader,
    );
    expect(await usersOf(problems.supplyAirA1.detectedProblemId)).toEqual(expected);
    const [row] = await rowsOf(problems.supplyAirA1.detectedProblemId);
    expect(row).toMatchObject({
      kind: 'OPENED',
      level: 'CRITICAL',
      companyId: world.fleet.companyA.companyId,
      assetId: world.fleet.ids.unitA1,
      title: 'Supply air too warm',
      body: 'Opened on AN-CRAH-01. Average supply air above the critical limit',
      readAt: null,
    });
    expect(relay.signals.map((signal) => signal.userId).sort((a, b) => a - b)).toEqual(expected);
    expect(relay.signals.every((signal) => signal.signal.unreadCount === 1)).toBe(true);

    // The same evaluation again: nobody is told twice.
    relay.clear();
    await notifier.notify([notice, notice]);
    expect(await rowsOf(problems.supplyAirA1.detectedProblemId)).toHaveLength(expected.length);
    expect(relay.signals).toEqual([]);

    // A new change of the same problem is news again.
    await notifier.notify([await noticeOf(database.db, problems.supplyAirA1.detectedProblemId, 'ESCALATED')]);
    expect(relay.signals.find((signal) => signal.userId === users.adminA.userId)?.signal.unreadCount).toBe(2);
  });

  it('keeps an external user to the assets of their access groups', async () => {
    const { users, problems } = world;
    // AS-CRAH-01 is in the south hall: not the operator's.
    await notifier.notify([
      await noticeOf(database.db, problems.humidityA3.detectedProblemId, 'RESOLVED', { level: 'WARNING' }),
    ]);
    expect(await usersOf(problems.humidityA3.detectedProblemId)).toEqual(
      ids(users.providerAdmin, users.technician, users.adminA, users.problemReader),
    );
  });

  it('suppresses a muted problem and one in maintenance: no notification, no webhook', async () => {
    const { problems, fleet } = world;
    await database.db.insert(companyWebhooks).values({
      companyId: fleet.companyA.companyId,
      name: 'Pager',
      url: 'https://pager.example/hook',
      secret: 'whsec_test',
      levels: ['CRITICAL', 'WARNING', 'INFO'],
      createdBy: world.users.adminA.userId,
    });
    const id = problems.supplyAirA1.detectedProblemId;
    const muted = await noticeOf(database.db, id, 'OPENED', {
      mute: { mutedBy: null, firstMutedAt: '', lastMutedAt: '', currentlyMuted: true, automationId: 1 },
    });
    const inMaintenance = await noticeOf(database.db, id, 'ESCALATED', { inMaintenance: true });
    await notifier.notify([muted, inMaintenance]);
    expect(await rowsOf(id)).toEqual([]);
    expect(await database.db.select().from(webhookDeliveries)).toEqual([]);
    expect(relay.signals).toEqual([]);
    expect(log.lines.filter((line) => line.message === 'problem notice suppressed')).toHaveLength(2);
  });

  it('follows each person’s choice of levels and channels, per company', async () => {
    const { users, problems, fleet } = world;
    const a = fleet.companyA.companyId;
    await database.db.insert(notificationPreferences).values([
      { userId: users.adminA.userId, companyId: a, levels: ['CRITICAL'], inConsole: true, webhook: false },
      { userId: users.operatorA.userId, companyId: a, levels: ['WARNING'], inConsole: false, webhook: true },
      // A choice for another company changes nothing here.
      {
        userId: users.technician.userId,
        companyId: fleet.companyB.companyId,
        levels: [],
        inConsole: false,
        webhook: false,
      },
    ]);
    // Defaults: CRITICAL and WARNING in the console, so INFO reaches nobody without a choice.
    await notifier.notify([
      await noticeOf(database.db, problems.filterA2.detectedProblemId, 'OPENED', {}, 'AN-SX-01'),
      await noticeOf(database.db, problems.silentA1.detectedProblemId, 'OPENED', { level: 'INFO' }),
    ]);
    expect(await usersOf(problems.filterA2.detectedProblemId)).toEqual(
      ids(users.providerAdmin, users.technician, users.problemReader),
    );
    expect(await rowsOf(problems.silentA1.detectedProblemId)).toEqual([]);
  });

  it('queues a delivery for each enabled webhook wanting the level, naming who chose the webhook', async () => {
    const { users, problems, fleet } = world;
    const a = fleet.companyA.companyId;
    const hook = (name: string, levels: string[], enabled = true) => ({
      companyId: a,
      name,
      url: `https://${name}.example/hook`,
      secret: `whsec_${name}`,
      levels,
      enabled,
      createdBy: users.adminA.userId,
    });
    const [critical, warning] = await database.db
      .insert(companyWebhooks)
      .values([
        hook('critical', ['CRITICAL']),
        hook('warning', ['WARNING']),
        hook('off', ['CRITICAL'], false),
      ])
      .returning();
    await database.db
      .insert(companyWebhooks)
      .values({ ...hook('bravo', ['CRITICAL']), companyId: fleet.companyB.companyId });
    await database.db.insert(notificationPreferences).values({
      userId: users.adminA.userId,
      companyId: a,
      levels: ['CRITICAL'],
      inConsole: false,
      webhook: true,
    });

    const notice = await noticeOf(database.db, problems.supplyAirA1.detectedProblemId, 'OPENED');
    await notifier.notify([notice]);
    await notifier.notify([notice]);
    const deliveries = await database.db.select().from(webhookDeliveries);
    expect(deliveries.map((row) => row.webhookId)).toEqual([critical?.webhookId]);
    expect(deliveries[0]).toMatchObject({ kind: 'OPENED', status: 'PENDING', attemptCount: 0 });
    expect(woken).toBe(1);
    const payload = webhookPayloadSchema.parse(JSON.parse(deliveries[0]?.payload ?? ''));
    expect(payload).toMatchObject({
      event: 'problem.opened',
      company: { companyId: a, name: 'Alpha Hosting' },
      asset: { assetId: fleet.ids.unitA1, name: 'AN-CRAH-01' },
      problem: {
        detectedProblemId: problems.supplyAirA1.detectedProblemId,
        level: 'CRITICAL',
        acknowledged: false,
      },
      recipients: [{ userId: users.adminA.userId, name: 'Ada Alpha', email: users.adminA.email }],
      consoleUrl: `https://console.example/#/user/devices/${fleet.ids.unitA1}/problems`,
    });
    expect(warning).toBeDefined();
  });

  it('never throws into the evaluator: a failing notice is logged and the others go on', async () => {
    const { problems } = world;
    const good = await noticeOf(database.db, problems.supplyAirA1.detectedProblemId, 'RESOLVED');
    const missing = { ...good, problem: { ...good.problem, detectedProblemId: 999_999 } };
    await expect(notifier.notify([missing, good])).resolves.toBeUndefined();
    expect((await rowsOf(problems.supplyAirA1.detectedProblemId)).length).toBeGreaterThan(0);
    expect(log.lines.find((line) => line.level === 'error')?.message).toBe('problem notice not stored');

    const broken = createProblemNotifier({
      db: database.db,
      relay: {
        notifyUsers() {
          throw new Error('socket gone');
        },
      },
      logger: log.logger,
    });
    await expect(
      broken.notify([await noticeOf(database.db, problems.supplyAirA1.detectedProblemId, 'ESCALATED')]),
    ).resolves.toBeUndefined();
    expect(log.lines.at(-1)?.message).toBe('problem notices not delivered');
  });
});
