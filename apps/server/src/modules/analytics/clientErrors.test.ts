import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEndpoints } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { fingerprintOf, normalizeMessage, topFrame } from './clientErrors.ts';

const chromeStack = (line: number, hash: string) =>
  `TypeError: Cannot read properties of undefined (reading 'name')\n    at TicketRow (https://kelvin.example/assets/TicketsPage-${hash}.js:1:${line})\n    at renderWithHooks (https://kelvin.example/assets/react-Ab12Cd34.js:9:99)`;

describe('client error fingerprints', () => {
  it('replaces numbers and ids in the message', () => {
    expect(normalizeMessage('Ticket 1234 not found (id 3f2b9c4e-1d2a-4b5c-8d9e-0a1b2c3d4e5f)')).toBe(
      'Ticket <n> not found (id <id>)',
    );
  });

  it('takes the top frame without line, column, host and build hash', () => {
    expect(topFrame(chromeStack(100, 'Zx9Yw8Vu'))).toBe('at TicketRow (/assets/TicketsPage.js');
    expect(topFrame('render@https://kelvin.example/assets/UsagePage-Qq11Rr22.js:3:14')).toBe(
      'render@/assets/UsagePage.js',
    );
    expect(topFrame(undefined)).toBe('');
  });

  it('groups the same error of two releases and tells different ones apart', () => {
    const a = { name: 'TypeError', message: 'Asset 12 failed', stack: chromeStack(100, 'Zx9Yw8Vu') };
    const b = { name: 'TypeError', message: 'Asset 977 failed', stack: chromeStack(250, 'Pp00Oo99') };
    expect(fingerprintOf(a)).toBe(fingerprintOf(b));
    expect(fingerprintOf({ ...a, name: 'RangeError' })).not.toBe(fingerprintOf(a));
    expect(fingerprintOf({ ...a, message: 'Site 12 failed' })).not.toBe(fingerprintOf(a));
    expect(fingerprintOf({ ...a, stack: a.stack.replace('TicketRow', 'AssetRow') })).not.toBe(
      fingerprintOf(a),
    );
  });
});

describe('clientErrors.report and clientErrors.list', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('counts reports of any signed-in user in their group, keeping the latest sample', async () => {
    const { users } = fleet;
    const report = (user: { identityId: string }, message: string, path: string, release: string) =>
      api(user, 'POST', '/clientErrors.report', {
        name: 'TypeError',
        message,
        stack: chromeStack(message.length, 'Zx9Yw8Vu'),
        path,
        release,
        source: 'error',
      });
    expect((await report(users.adminA, 'Asset 12 failed', '/user/devices', '6.45.2')).body).toEqual({
      ok: true,
    });
    await report(users.operatorA, 'Asset 13 failed', '/user/devices/:assetId', '6.45.2');
    await report(users.adminB, 'Asset 4410 failed', '/user/devices', '6.45.3');
    await api(users.adminB, 'POST', '/clientErrors.report', {
      name: 'ChunkLoadError',
      message: 'Loading chunk 7 failed',
    });

    const answer = await api(users.providerAdmin, 'POST', '/clientErrors.list', { from: today });
    expect(answer.status).toBe(200);
    const groups = analyticsEndpoints.clientErrorsList.output.parse(answer.body).content;
    expect(groups).toHaveLength(2);
    const assetGroup = groups.find((group) => group.name === 'TypeError');
    expect(assetGroup).toMatchObject({
      count: 3,
      message: 'Asset 4410 failed',
      path: '/user/devices',
      release: '6.45.3',
    });
    expect(assetGroup?.stack).toContain('TicketRow');
    expect(Date.parse(assetGroup?.firstSeenAt ?? '')).toBeLessThanOrEqual(
      Date.parse(assetGroup?.lastSeenAt ?? ''),
    );
    expect(groups.find((group) => group.name === 'ChunkLoadError')).toMatchObject({ count: 1, stack: null });
  });

  it('refuses a report without a name or with an oversized stack, and lists for provider administrators only', async () => {
    const { users } = fleet;
    expect((await api(users.adminA, 'POST', '/clientErrors.report', { message: 'x' })).status).toBe(400);
    const huge = await api(users.adminA, 'POST', '/clientErrors.report', {
      name: 'Error',
      message: 'x',
      stack: 'y'.repeat(5000),
    });
    expect(huge.status).toBe(400);
    expect(errorOf(huge).details?.[0]?.field).toBe('body.stack');
    for (const user of [users.adminA, users.technician, users.adminB]) {
      expect((await api(user, 'POST', '/clientErrors.list', { from: today })).status).toBe(403);
    }
  });
});
