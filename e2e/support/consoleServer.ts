import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemo, type DemoSummary } from '../../apps/server/src/demo/seedDemo.ts';
import { repoRoot } from '../../apps/server/src/config.ts';
import { startTestServer, type TestServer } from '../../apps/server/src/testing/testServer.ts';

export const DEMO_PASSWORD = 'e2e-demo-password';

export interface ConsoleServer extends TestServer {
  demo: DemoSummary;
}

/** The real server with the built web app and the demo fleet, on a free port and a fresh database. */
export async function startConsoleServer(env: Record<string, string> = {}): Promise<ConsoleServer> {
  const server = await startTestServer({
    env: { KELVIN_WEB_DIST: path.join(repoRoot, 'apps/web/dist'), ...env },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-e2e-'));
  const demo = await seedDemo(server.database.db, { dataDir, password: DEMO_PASSWORD, files: server.files });
  return { ...server, demo };
}
