import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import * as permissionsRepository from '../users/permissionsRepository.ts';
import { ASSIGNABLE_LIMIT } from './ticketAssignees.ts';
import { assignableOf, expectRefused, ticketOf, ticketsApi, type FleetUser } from './ticketsTestKit.ts';

// Counts how often anyone's permissions are loaded: the picker must not load them person by person.
vi.mock('../users/permissionsRepository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof permissionsRepository>();
  return { ...original, loadPermissions: vi.fn(original.loadPermissions) };
});

const CANDIDATES = ASSIGNABLE_LIMIT + 15;

describe('tickets.assignableUsers: one bounded read', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof ticketsApi>;
  let ticketId = 0;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = ticketsApi(server);
    for (let n = 0; n < CANDIDATES; n += 1) {
      await buildUser(server.database.db, {
        companyId: 1,
        roles: ['Provider Service Technician'],
        name: `Crew ${String(n).padStart(3, '0')}`,
      });
    }
    ticketId = ticketOf(
      await call.create(fleet.users.technician, {
        companyId: fleet.companyA.companyId,
        title: 'Needs hands',
        visibility: 'EXTERNAL',
      }),
    ).ticketId;
  });
  afterAll(() => server.close());

  it('offers at most ASSIGNABLE_LIMIT people in name order without loading each one’s permissions', async () => {
    const loads = vi.mocked(permissionsRepository.loadPermissions);
    loads.mockClear();
    const offered = assignableOf(await call.assignable(fleet.users.technician, { ticketId }));
    // The caller's own permissions (signing the request in) at most: not one load per candidate.
    expect(loads.mock.calls.length).toBeLessThanOrEqual(1);
    expect(offered).toHaveLength(ASSIGNABLE_LIMIT);
    const names = offered.map((person) => person.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toContain('Crew 000');
  });

  it('narrows by search, still within the rule', async () => {
    const crew = assignableOf(await call.assignable(fleet.users.technician, { ticketId, search: 'crew 06' }));
    expect(crew.map((person) => person.name)).toEqual(
      Array.from({ length: CANDIDATES - 60 }, (_, n) => `Crew 06${n}`),
    );
    // A ticket on a unit of Alpha North's hall: in both customer users' access groups, so both may read it.
    const onHall = ticketOf(
      await call.create(fleet.users.technician, {
        companyId: fleet.companyA.companyId,
        title: 'Hall unit',
        visibility: 'EXTERNAL',
        assetIds: [fleet.ids.unitA1],
      }),
    );
    const alpha = assignableOf(
      await call.assignable(fleet.users.technician, { ticketId: onHall.ticketId, search: 'alpha' }),
    );
    expect(alpha.map((person) => person.userId).sort()).toEqual(
      [fleet.users.adminA.userId, fleet.users.operatorA.userId].sort(),
    );
    const internal = ticketOf(
      await call.create(fleet.users.technician, { companyId: fleet.companyA.companyId, title: 'Staff only' }),
    );
    // Customers may not read an INTERNAL ticket: they are not offered.
    expect(
      assignableOf(
        await call.assignable(fleet.users.technician, { ticketId: internal.ticketId, search: 'alpha' }),
      ),
    ).toEqual([]);
  });
});

/**
 * The people offered and accepted on a ticket are exactly those who could read it: an external user (limited by
 * access groups) only when one of the ticket's assets is in their groups. The fleet's administrator of Alpha holds
 * both Alpha sites; its operator only Alpha North's hall, so a unit of Alpha South is beyond the operator's reach.
 */
describe('who may be assigned a ticket follows the access groups', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof ticketsApi>;
  const db = () => server.database.db;
  let southTicketId = 0;
  let bareTicketId = 0;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(db());
    call = ticketsApi(server);
    const externalTicket = async (title: string, assetIds: number[]) =>
      ticketOf(
        await call.create(fleet.users.technician, {
          companyId: fleet.companyA.companyId,
          title,
          visibility: 'EXTERNAL',
          assetIds,
        }),
      ).ticketId;
    southTicketId = await externalTicket('South unit', [fleet.ids.unitA3]);
    bareTicketId = await externalTicket('No asset', []);
  });
  afterAll(() => server.close());

  const offeredIds = async (caller: FleetUser, ticketId: number, search: string) =>
    assignableOf(await call.assignable(caller, { ticketId, search }))
      .map((person) => person.userId)
      .sort((a, b) => a - b);
  const person = (ticketId: number, user: FleetUser, relationTypeEnumValue = 2) => ({
    ticketId,
    userId: user.userId,
    relationTypeEnumValue,
  });

  it('offers a customer user only a ticket on an asset in their groups; provider staff always', async () => {
    const { adminA, technician, providerAdmin } = fleet.users;
    // The operator of Alpha (whose groups hold only Alpha North's hall) is not offered.
    expect(await offeredIds(technician, southTicketId, 'alpha')).toEqual([adminA.userId]);
    // A customer administrator is offered their own company's people: the same rule.
    expect(await offeredIds(adminA, southTicketId, 'alpha')).toEqual([adminA.userId]);
    // Without an asset, no customer user may read the ticket.
    expect(await offeredIds(technician, bareTicketId, 'alpha')).toEqual([]);
    for (const ticketId of [southTicketId, bareTicketId]) {
      expect(await offeredIds(technician, ticketId, technician.email)).toEqual([technician.userId]);
      expect(await offeredIds(technician, ticketId, providerAdmin.email)).toEqual([providerAdmin.userId]);
    }
  });

  it('refuses adding a customer user whose groups miss every asset of the ticket, accepts one they reach', async () => {
    const { adminA, operatorA, technician } = fleet.users;
    for (const caller of [technician, adminA]) {
      const refused = await expectRefused(
        db(),
        () => call.addUser(caller, person(southTicketId, operatorA)),
        400,
        `user ${operatorA.userId} cannot be assigned`,
      );
      expect(errorOf(refused).details?.[0]?.field).toBe('body.userId');
    }
    await expectRefused(
      db(),
      () => call.addUser(technician, person(bareTicketId, adminA)),
      400,
      'body.userId',
    );
    const added = ticketOf(await call.addUser(technician, person(southTicketId, adminA)));
    expect(added.users.map((user) => user.userId)).toContain(adminA.userId);
    // Provider staff are assigned a ticket whatever its assets.
    const staffed = ticketOf(await call.addUser(technician, person(bareTicketId, technician, 1)));
    expect(staffed.users.map((user) => user.userId)).toEqual([technician.userId]);
  });

  it('on create, checks the new ticket’s assets against each named customer user’s groups', async () => {
    const { adminA, operatorA, technician } = fleet.users;
    const create = (assetIds: number[], people: FleetUser[]) => () =>
      call.create(technician, {
        companyId: fleet.companyA.companyId,
        title: 'Staffed at once',
        visibility: 'EXTERNAL',
        assetIds,
        users: people.map((user) => ({ userId: user.userId, relationTypeEnumValue: 2 })),
      });
    const refused = await expectRefused(
      db(),
      create([fleet.ids.unitA3], [operatorA]),
      400,
      'cannot be assigned',
    );
    expect(errorOf(refused).details?.[0]?.field).toBe('body.users');
    await expectRefused(db(), create([], [adminA]), 400, `user ${adminA.userId} cannot be assigned`);
    const reached = ticketOf(await create([fleet.ids.unitA3, fleet.ids.unitA1], [operatorA, adminA])());
    expect(reached.users.map((user) => user.userId).sort((a, b) => a - b)).toEqual(
      [adminA.userId, operatorA.userId].sort((a, b) => a - b),
    );
    const staffOnly = ticketOf(await create([], [technician])());
    expect(staffOnly.users.map((user) => user.userId)).toEqual([technician.userId]);
  });
});
