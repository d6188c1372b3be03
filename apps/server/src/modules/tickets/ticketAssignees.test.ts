import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import * as permissionsRepository from '../users/permissionsRepository.ts';
import { ASSIGNABLE_LIMIT } from './ticketAssignees.ts';
import { assignableOf, ticketOf, ticketsApi } from './ticketsTestKit.ts';

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
    const alpha = assignableOf(await call.assignable(fleet.users.technician, { ticketId, search: 'alpha' }));
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
