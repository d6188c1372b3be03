import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { seedDemo, type DemoSummary } from '../../apps/server/src/demo/seedDemo.ts';
import { repoRoot } from '../../apps/server/src/config.ts';
import { freePort, startTestServer, type TestServer } from '../../apps/server/src/testing/testServer.ts';

export const DEMO_PASSWORD = 'e2e-demo-password';

export interface ConsoleServer extends TestServer {
  demo: DemoSummary;
}

/** The real server with the built web app and the demo fleet, on a free port and a fresh database. */
export async function startConsoleServer(env: Record<string, string> = {}): Promise<ConsoleServer> {
  const server = await startTestServer({
    env: { KELVIN_WEB_DIST: process.env.KELVIN_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'), ...env },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-e2e-'));
  const demo = await seedDemo(server.database.db, { dataDir, password: DEMO_PASSWORD, files: server.files });
  return { ...server, demo };
}

export interface ConsoleProcess {
  /** e.g. http://localhost:41234: the public origin, which sign-in's redirects are bound to. */
  url: string;
  /** Epoch ms when the process was spawned, and when /healthz first answered 200. */
  startedAt: number;
  healthyAt: number;
  /** When the server first logged `message` (its own clock, epoch ms), waited for up to `timeoutMs`. */
  loggedAt(message: string, timeoutMs: number): Promise<number>;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it (apps/server/src/main.ts in a process of its own: demo seeded, simulator and
 * problem evaluation on) on an empty data directory and a free port, for what happens in a fresh console's first
 * minute. The web app is KELVIN_WEB_DIST's build, else apps/web/dist.
 */
export async function startConsoleProcess(env: Record<string, string> = {}): Promise<ConsoleProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-e2e-fresh-'));
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      KELVIN_DATA_DIR: dataDir,
      KELVIN_WEB_DIST: process.env.KELVIN_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
      KELVIN_DEMO_PASSWORD: DEMO_PASSWORD,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server's log lines (JSON, one a line): when each message was first logged.
  const logged = new Map<string, number>();
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const entry = logLine.safeParse(parseJson(line));
    if (!entry.success || logged.has(entry.data.msg)) return;
    logged.set(entry.data.msg, entry.data.time);
    for (const wake of waiting) wake();
  });
  const loggedAt = async (message: string, timeoutMs: number): Promise<number> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const at = logged.get(message);
      if (at !== undefined) return at;
      const left = until - Date.now();
      if (left <= 0) throw new Error(`The console did not log '${message}' within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiting.add(wake);
      });
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://localhost:${port}`;
  try {
    const healthyAt = await firstHealthy(url, () => child.exitCode !== null);
    return { url, startedAt, healthyAt, loggedAt, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const logLine = z.object({ msg: z.string(), time: z.number() });

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** Polls /healthz every 100 ms until it answers 200 (within two minutes) and answers when it did. */
async function firstHealthy(url: string, exited: () => boolean): Promise<number> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (exited()) throw new Error('The console process exited before answering /healthz');
    try {
      const answer = await fetch(`${url}/healthz`);
      if (answer.ok) return Date.now();
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The console process did not answer /healthz within two minutes');
}
