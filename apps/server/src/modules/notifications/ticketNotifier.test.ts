import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationsEndpoints, ticketSchema, webhookPayloadSchema } from '@kelvin/contract';
import { notifications, webhookDeliveries } from '../../platform/db/problemsSchema.ts';
import { serverSettings } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { recordingLogger, recordingRelay } from './notificationsTestFixture.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  createTicketNotifier,
  cursorAfter,
  EVENT_GAP_WAIT_MS,
  TICKET_NOTICES_CURSOR,
  type TicketNotifier,
} from './ticketNotifier.ts';

const OWNER = 1;
const WORKER = 2;
const REQUESTER = 0;
const listOut = notificationsEndpoints.notificationsList.output;

describe('ticket notices: assignment, status and comments told to the ticket’s people', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  let notifier: TicketNotifier;
  const recorded = recordingRelay();
  const db = () => server.database.db;
  type Person = AssetFleet['users'][keyof AssetFleet['users']];

  const post = async (user: Person, path: string, body: unknown) => {
    const answer = await api(user, 'POST', path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const inbox = async (user: Person) =>
    listOut.parse(
      await post(user, '/notifications.list', {
        pageableQuery: { type: 'PAGED', pageSize: 50, pageNumber: 0, sort: [] },
      }),
    );
  // On a unit in the customer administrator's access groups (they see a ticket only through its assets).
  const newTicket = async (
    visibility: 'INTERNAL' | 'EXTERNAL',
    options: { assetIds?: number[]; requesters?: Person[] } = {},
  ) =>
    ticketSchema.parse(
      await post(fleet.users.technician, '/tickets.create', {
        companyId: fleet.companyA.companyId,
        title: 'Fan wall vibrating',
        severityEnumValue: 2,
        visibility,
        assetIds: options.assetIds ?? [fleet.ids.unitA1],
        users: [
          { userId: fleet.users.technician.userId, relationTypeEnumValue: OWNER },
          ...(options.requesters ?? [fleet.users.adminA]).map((person) => ({
            userId: person.userId,
            relationTypeEnumValue: REQUESTER,
          })),
        ],
      }),
    );
  const rowsOf = (ticketId: number) =>
    db().select().from(notifications).where(eq(notifications.ticketId, ticketId));

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
    notifier = createTicketNotifier({ db: db(), relay: recorded.relay, logger: recordingLogger().logger });
    await notifier.initialize();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    // Whatever earlier tests left unread is read: each test counts only what it causes.
    await notifier.runOnce();
    recorded.clear();
  });

  it('tells a person assigned at creation or later, never the one who assigned, and each change once', async () => {
    const { users } = fleet;
    const ticket = await newTicket('EXTERNAL');
    await post(users.technician, '/tickets.users.add', {
      ticketId: ticket.ticketId,
      userId: users.providerAdmin.userId,
      relationTypeEnumValue: WORKER,
    });
    expect(await notifier.runOnce()).toBe(2);
    const rows = await rowsOf(ticket.ticketId);
    expect(rows.map((row) => [row.userId, row.kind]).sort()).toEqual(
      [
        [users.adminA.userId, 'TICKET_ASSIGNED'],
        [users.providerAdmin.userId, 'TICKET_ASSIGNED'],
      ].sort(),
    );
    const [adminsNotice] = (await inbox(users.adminA)).content.filter(
      (item) => item.ticketId === ticket.ticketId,
    );
    expect(adminsNotice).toMatchObject({
      kind: 'TICKET_ASSIGNED',
      level: 'CRITICAL',
      assetId: null,
      assetName: null,
      detectedProblemId: null,
      title: `Assigned to ticket #${ticket.ticketId} Fan wall vibrating`,
    });
    expect(adminsNotice?.body).toBe(`You were assigned by ${users.technician.name}.`);
    const [workersNotice] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, users.providerAdmin.userId));
    expect(workersNotice?.body).toBe(`You were assigned as worker by ${users.technician.name}.`);
    // Their open tabs hear of the new count.
    expect(recorded.signals.map((signal) => signal.userId).sort()).toEqual(
      [users.adminA.userId, users.providerAdmin.userId].sort(),
    );

    // Read again from the start (a crash before the cursor moved, or a second process): nobody told twice.
    await db()
      .update(serverSettings)
      .set({ value: { eventId: 0 } })
      .where(eq(serverSettings.key, TICKET_NOTICES_CURSOR));
    await notifier.runOnce();
    expect(await rowsOf(ticket.ticketId)).toHaveLength(2);
  });

  it('tells everyone on the ticket of a status change, and an INTERNAL comment only to provider staff', async () => {
    const { users } = fleet;
    const ticket = await newTicket('EXTERNAL');
    await post(users.technician, '/tickets.users.add', {
      ticketId: ticket.ticketId,
      userId: users.providerAdmin.userId,
      relationTypeEnumValue: WORKER,
    });
    await notifier.runOnce();
    await post(users.technician, '/tickets.changeStatus', { ticketId: ticket.ticketId, statusEnumValue: 2 });
    await post(users.technician, '/tickets.comments.create', {
      ticketId: ticket.ticketId,
      comment: 'Bearing noise on fan 3, ordering a spare.',
      visibility: 'INTERNAL',
    });
    await post(users.technician, '/tickets.comments.create', {
      ticketId: ticket.ticketId,
      comment: 'We will replace fan 3 on Thursday.',
      visibility: 'EXTERNAL',
    });
    await notifier.runOnce();
    const told = (await rowsOf(ticket.ticketId)).filter((row) => row.kind !== 'TICKET_ASSIGNED');
    const of = (userId: number) =>
      told
        .filter((row) => row.userId === userId)
        .map((row) => `${row.kind}: ${row.body}`)
        .sort();
    expect(of(users.providerAdmin.userId)).toEqual(
      [
        `TICKET_COMMENTED: ${users.technician.name}: Bearing noise on fan 3, ordering a spare.`,
        `TICKET_COMMENTED: ${users.technician.name}: We will replace fan 3 on Thursday.`,
        `TICKET_STATUS_CHANGED: Status changed to In progress by ${users.technician.name}.`,
      ].sort(),
    );
    // The customer's administrator never hears of the internal comment.
    expect(of(users.adminA.userId)).toEqual(
      [
        `TICKET_COMMENTED: ${users.technician.name}: We will replace fan 3 on Thursday.`,
        `TICKET_STATUS_CHANGED: Status changed to In progress by ${users.technician.name}.`,
      ].sort(),
    );
    expect(of(users.technician.userId)).toEqual([]);
  });

  it('tells an external person nothing of a ticket made INTERNAL, and nothing once they switched the console off', async () => {
    const { users } = fleet;
    const ticket = await newTicket('EXTERNAL');
    await notifier.runOnce();
    expect((await rowsOf(ticket.ticketId)).map((row) => row.userId)).toEqual([users.adminA.userId]);
    await post(users.technician, '/tickets.update', { ticketId: ticket.ticketId, visibility: 'INTERNAL' });
    await post(users.technician, '/tickets.changeStatus', { ticketId: ticket.ticketId, statusEnumValue: 3 });
    await notifier.runOnce();
    expect(await rowsOf(ticket.ticketId)).toHaveLength(1);
    // And what they were told before no longer shows to them.
    expect((await inbox(users.adminA)).content.map((item) => item.ticketId)).not.toContain(ticket.ticketId);

    await post(users.adminA, '/notificationPreferences.update', {
      companyId: fleet.companyA.companyId,
      levels: ['CRITICAL'],
      inConsole: false,
      webhook: false,
    });
    const external = await newTicket('EXTERNAL');
    await notifier.runOnce();
    expect(await rowsOf(external.ticketId)).toEqual([]);
  });

  it('skips an event it cannot read instead of stopping every notice after it', async () => {
    const { users } = fleet;
    await post(users.adminA, '/notificationPreferences.update', {
      companyId: fleet.companyA.companyId,
      levels: ['CRITICAL'],
      inConsole: true,
      webhook: false,
    });
    const ticket = await newTicket('EXTERNAL');
    await notifier.runOnce();
    await recordEvent(db(), {
      name: 'tickets.changeStatus',
      actorUserId: users.technician.userId,
      companyId: fleet.companyA.companyId,
      subjectType: 'ticket',
      subjectId: ticket.ticketId,
      data: { unexpected: true },
    });
    await post(users.technician, '/tickets.changeStatus', { ticketId: ticket.ticketId, statusEnumValue: 3 });
    await notifier.runOnce();
    const kinds = (await rowsOf(ticket.ticketId)).map((row) => row.kind).sort();
    expect(kinds).toEqual(['TICKET_ASSIGNED', 'TICKET_STATUS_CHANGED']);
  });

  it('queues a signed delivery to the company’s webhooks for the people who want their changes by webhook', async () => {
    const { users } = fleet;
    await post(users.adminA, '/webhooks.create', {
      companyId: fleet.companyA.companyId,
      name: 'Service desk',
      url: 'https://desk.example.com/kelvin',
      levels: ['CRITICAL', 'WARNING'],
    });
    await post(users.adminA, '/notificationPreferences.update', {
      companyId: fleet.companyA.companyId,
      levels: ['CRITICAL'],
      inConsole: true,
      webhook: true,
    });
    const ticket = await newTicket('EXTERNAL');
    await post(users.technician, '/tickets.changeStatus', { ticketId: ticket.ticketId, statusEnumValue: 7 });
    await notifier.runOnce();
    const queued = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.ticketId, ticket.ticketId));
    expect(queued.map((row) => row.kind).sort()).toEqual(['TICKET_ASSIGNED', 'TICKET_STATUS_CHANGED']);
    // The webhooks are the customer's: an INTERNAL comment, or anything of an INTERNAL ticket, is not sent.
    await post(users.technician, '/tickets.comments.create', {
      ticketId: ticket.ticketId,
      comment: 'Supplier recall, bill nothing.',
      visibility: 'INTERNAL',
    });
    await post(users.technician, '/tickets.users.add', {
      ticketId: ticket.ticketId,
      userId: users.providerAdmin.userId,
      relationTypeEnumValue: WORKER,
    });
    await post(users.providerAdmin, '/notificationPreferences.update', {
      companyId: fleet.companyA.companyId,
      levels: ['CRITICAL'],
      inConsole: true,
      webhook: true,
    });
    await post(users.technician, '/tickets.update', { ticketId: ticket.ticketId, visibility: 'INTERNAL' });
    await post(users.technician, '/tickets.changeStatus', { ticketId: ticket.ticketId, statusEnumValue: 2 });
    await notifier.runOnce();
    const after = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.ticketId, ticket.ticketId));
    expect(after).toHaveLength(2);
    const payload = webhookPayloadSchema.parse(
      JSON.parse(queued.find((row) => row.kind === 'TICKET_STATUS_CHANGED')?.payload ?? '{}'),
    );
    expect(payload).toMatchObject({
      event: 'ticket.status_changed',
      asset: null,
      problem: null,
      ticket: {
        ticketId: ticket.ticketId,
        statusEnumKey: 'resolved',
        change: { from: 'new', to: 'resolved' },
      },
      recipients: [{ userId: users.adminA.userId }],
    });
  });

  it('tells an external person nothing of a ticket outside their access groups, and stops once its asset leaves them', async () => {
    const { users, ids } = fleet;
    const both = [users.adminA, users.operatorA];
    // The operator's groups hold Alpha North's hall 1 only; the administrator's hold both Alpha sites.
    // No one is assigned a ticket they cannot read: both were assigned while the ticket had unit A1, which both
    // reach, and it was then taken off before the notices went out.
    const beside = await newTicket('EXTERNAL', { assetIds: [ids.unitA1, ids.unitA3], requesters: both });
    const unassetted = await newTicket('EXTERNAL', { assetIds: [ids.unitA1], requesters: both });
    for (const { ticketId } of [beside, unassetted]) {
      await post(users.technician, '/tickets.assets.remove', { ticketId, assetIds: [ids.unitA1] });
    }
    const inside = await newTicket('EXTERNAL', { assetIds: [ids.unitA1], requesters: both });
    await notifier.runOnce();
    const toldOf = async (ticketId: number) => (await rowsOf(ticketId)).map((row) => row.userId).sort();
    expect(await toldOf(beside.ticketId)).toEqual([users.adminA.userId]);
    expect(await toldOf(unassetted.ticketId)).toEqual([]);
    expect(await toldOf(inside.ticketId)).toEqual([users.adminA.userId, users.operatorA.userId].sort());
    expect((await inbox(users.operatorA)).content.map((item) => item.ticketId)).toEqual([inside.ticketId]);

    // The ticket moves to an asset beside the operator's hall: no more notices, and the old one is hidden.
    await post(users.technician, '/tickets.assets.add', {
      ticketId: inside.ticketId,
      assetIds: [ids.unitA3],
    });
    await post(users.technician, '/tickets.assets.remove', {
      ticketId: inside.ticketId,
      assetIds: [ids.unitA1],
    });
    await post(users.technician, '/tickets.changeStatus', { ticketId: inside.ticketId, statusEnumValue: 2 });
    await notifier.runOnce();
    expect(
      (await rowsOf(inside.ticketId)).filter((row) => row.userId === users.operatorA.userId),
    ).toHaveLength(1);
    expect((await inbox(users.operatorA)).content.map((item) => item.ticketId)).toEqual([]);
    expect((await rowsOf(inside.ticketId)).filter((row) => row.userId === users.adminA.userId)).toHaveLength(
      2,
    );
  });
});

describe('the ticket notices cursor', () => {
  const at = (eventId: number, ageMs: number) => ({ eventId, createdAt: new Date(1_000_000 - ageMs) });

  it('moves through ids without gaps, and waits at a gap until the event after it is a minute old', () => {
    expect(cursorAfter(10, [at(11, 0), at(12, 0), at(13, 0)], 1_000_000)).toBe(13);
    // 12 was taken by a transaction that has not committed yet: its notice must not be skipped.
    expect(cursorAfter(10, [at(11, 0), at(13, 0)], 1_000_000)).toBe(11);
    expect(cursorAfter(10, [at(11, 0), at(13, EVENT_GAP_WAIT_MS - 1)], 1_000_000)).toBe(11);
    // A minute on, 12 was rolled back (or is still open after a minute): the cursor moves on.
    expect(cursorAfter(10, [at(11, 0), at(13, EVENT_GAP_WAIT_MS)], 1_000_000)).toBe(13);
    expect(cursorAfter(10, [], 1_000_000)).toBe(10);
  });
});
