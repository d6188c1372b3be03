import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@kelvin/contract';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { netsuiteSandboxRecords } from '../../platform/db/netsuiteSandboxSchema.ts';
import { ticketConsumables } from '../../platform/db/ticketsSchema.ts';
import { loadOrCreateSigningKeys } from '../../platform/identity/signingKeys.ts';
import { serverProcessEnv, startServerProcess, type ServerProcess } from '../../testing/serverProcess.ts';
import { freePort, mintTestIdToken } from '../../testing/testServer.ts';
import { sandboxIssueServerTokens } from '../netsuiteSandbox/sandboxGrants.ts';
import { seedSandboxRecords } from '../netsuiteSandbox/sandboxSeed.ts';
import { buildTicketFixture } from '../tickets/ticketCommentsTestKit.ts';
import { EXIT_AFTER_UPSERT_CODE, EXIT_AFTER_UPSERT_ENV } from './salesOrderCrashHook.ts';
import { pendingTicket, salesOrderRow, ticketRow } from './salesOrderTestKit.ts';

/**
 * Issue 24, item 4: a sales order is made once even when the server dies between NetSuite's answer and our own
 * write. The real server (`src/main.ts` on PGlite files, with its NetSuite sandbox) runs with the test-only switch
 * KELVIN_TEST_EXIT_AFTER_NETSUITE_UPSERT=1 (salesOrderCrashHook.ts): it exits right after the sandbox made the order.
 * Started again on the same data, the server finishes the order by itself, the reconciliation finds nothing amiss,
 * and a second Submit answers it as made;
 * the sandbox holds exactly one sales order for the ticket's external id and the ticket is SALES_ORDER_CREATED.
 */
describe('a crash between NetSuite making the sales order and our write', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-orders-crash-'));
  const running: ServerProcess[] = [];
  let port = 0;
  let idToken = '';
  let netsuiteToken = '';
  let ticketId = 0;
  let projectId = 0;

  beforeAll(async () => {
    port = await freePort();
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
    const db = database.db;
    const fx = await buildTicketFixture(db);
    ticketId = fx.ids.ticketA;
    await pendingTicket(db, ticketId, fx.users.technician.userId);
    // A part the sandbox sells, rather than the kit's made-up one.
    await db
      .update(ticketConsumables)
      .set({ itemId: 'PRT-10001' })
      .where(eq(ticketConsumables.ticketId, ticketId));
    await seedSandboxRecords(db);
    const [job] = await db
      .select({ id: netsuiteSandboxRecords.internalId })
      .from(netsuiteSandboxRecords)
      .where(eq(netsuiteSandboxRecords.recordType, 'job'))
      .orderBy(asc(netsuiteSandboxRecords.internalId))
      .limit(1);
    projectId = Number(job?.id);
    netsuiteToken = (await sandboxIssueServerTokens(db)).accessToken;
    const config = loadConfig(serverProcessEnv(port, dataDir));
    const signingKeys = await loadOrCreateSigningKeys(db);
    idToken = await mintTestIdToken({ db, config, signingKeys }, fx.users.providerAdmin.identityId, {
      expiresIn: '30m',
    });
    await database.close();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const server = await startServerProcess({ ...serverProcessEnv(port, dataDir), ...env });
    running.push(server);
    return server;
  };
  const post = (server: ServerProcess, route: string, body: unknown) =>
    fetch(`${server.url}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify(body),
    });
  const submit = (server: ServerProcess) =>
    post(server, '/netsuite.tickets.salesOrders.create', {
      netSuiteAccessToken: netsuiteToken,
      ticketId,
      netSuiteProjectId: projectId,
      memo: 'Crash test',
    });

  it('leaves exactly one sales order and finishes the ticket after a restart', async () => {
    const first = await start({ [EXIT_AFTER_UPSERT_ENV]: '1' });
    // The process dies before it answers: the request fails at the socket.
    await expect(submit(first)).rejects.toThrow();
    expect(await first.stop('SIGKILL')).toBe(EXIT_AFTER_UPSERT_CODE);

    // Started again, the server finishes the order cut short by itself (finishInterruptedOrders on start).
    const second = await start();
    const inProcess = async () => {
      const answer = await post(second, '/salesOrders.list', { tab: 'IN_PROCESS' });
      const page = contract.salesOrdersList.output.parse(await answer.json());
      return page.content.map((row) => row.ticketId);
    };
    await expect.poll(inProcess, { timeout: 30_000, interval: 200 }).toEqual([ticketId]);
    const reconciled = await post(second, '/salesOrders.reconcile', { netSuiteAccessToken: netsuiteToken });
    expect(reconciled.status).toBe(200);
    expect(contract.salesOrdersReconcile.output.parse(await reconciled.json())).toEqual({
      checked: 1,
      finished: 0,
      changed: 0,
      missing: 0,
    });
    // The user, who saw the first Submit fail, submits again: the order is there, made once.
    const again = await submit(second);
    expect(again.status).toBe(200);
    const state = contract.netsuiteTicketsSalesOrdersCreate.output.parse(await again.json());
    expect(state.netSuiteBillingState).toBe('SALES_ORDER_CREATED');
    expect(await second.stop('SIGTERM')).not.toBe(EXIT_AFTER_UPSERT_CODE);
    running.length = 0;

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
    try {
      const orders = await database.db
        .select()
        .from(netsuiteSandboxRecords)
        .where(
          and(
            eq(netsuiteSandboxRecords.recordType, 'salesOrder'),
            eq(netsuiteSandboxRecords.externalId, `kelvin-ticket-${ticketId}`),
          ),
        );
      expect(orders).toHaveLength(1);
      expect(String(orders[0]?.internalId)).toBe(state.netSuiteSalesOrderInternalId);
      expect((await ticketRow(database.db, ticketId)).netSuiteBillingState).toBe('SALES_ORDER_CREATED');
      expect((await salesOrderRow(database.db, ticketId))?.state).toBe('CREATED');
    } finally {
      await database.close();
    }
  }, 180_000);
});
