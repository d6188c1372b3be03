import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { metricCommandSchema, metricCommandsEndpoints } from '@kelvin/contract';
import { openDatabase } from '../../platform/db/database.ts';
import { openDuckDbStore } from '../../platform/timeseries/duckdb/duckDbStore.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { agentCall, buildCommandsFleet } from './commandsTestFixture.ts';

describe('queued commands across a restart', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-commands-'));
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(directory, { recursive: true, force: true });
  });

  /** A server on the stores in `directory`, as `npm start` opens them. */
  const start = async () => {
    const server = await startTestServer({
      stores: {
        database: await openDatabase({ pgliteDir: path.join(directory, 'pg') }),
        timeseries: await openDuckDbStore({ directory }),
      },
    });
    servers.push(server);
    return server;
  };

  it('delivers every command queued before the restart, in order, once', async () => {
    const first = await start();
    const fleet = await buildCommandsFleet(first.database.db);
    const api = apiAs(first);
    const queued: number[] = [];
    for (const value of [18, 18.5, 19]) {
      const answer = await api(fleet.users.adminA, 'POST', '/metrics.commands.create', {
        assetId: fleet.ids.unitA1,
        metricId: fleet.metrics.setpoint,
        action: 'set',
        value,
        reason: 'Commissioning',
      });
      queued.push(metricCommandSchema.parse(answer.body).commandId);
    }
    await first.close();
    servers.length = 0;

    const second = await start();
    const polled = await agentCall(second, fleet.agentKeyA, '/agents.commands.poll', { waitSeconds: 0 });
    const commands = metricCommandsEndpoints.agentCommandsPoll.output.parse(polled.body).commands;
    expect(commands.map((command) => [command.commandId, command.value])).toEqual([
      [queued[0], 18],
      [queued[1], 18.5],
      [queued[2], 19],
    ]);
    const again = await agentCall(second, fleet.agentKeyA, '/agents.commands.poll', { waitSeconds: 0 });
    expect(metricCommandsEndpoints.agentCommandsPoll.output.parse(again.body).commands).toEqual([]);
  });
});
