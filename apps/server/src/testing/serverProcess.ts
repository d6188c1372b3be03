import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../config.ts';

/** The real server (`src/main.ts`, as `npm start` runs it) in a child process of its own. */
export interface ServerProcess {
  url: string;
  /** The child's process id (a benchmark reads its resident memory from /proc). */
  pid: number;
  /** What the process wrote to stdout and stderr, for a failing test to show. */
  output(): string;
  /** Sends `signal` and resolves once the process has exited, with its exit code (null when killed). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

/** Variables of the test's own environment that would point the child at other stores. */
const INHERITED_STORES = ['DATABASE_URL', 'CLICKHOUSE_URL', 'REDIS_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID'];

/** The environment the child runs with: embedded stores in `dataDir`, no demo, no simulator. */
export function serverProcessEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    KELVIN_DATA_DIR: dataDir,
    KELVIN_SEED_DEMO: 'false',
    KELVIN_SIMULATOR: 'false',
    LOG_LEVEL: 'warn',
    KELVIN_WEB_DIST: path.join(dataDir, 'no-web-build'),
  };
}

/** Starts the server and resolves once `GET /readyz` answers 200; rejects if it exits or is not ready in time. */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    readyTimeoutMs?: number;
    /** Node's own flags, e.g. --cpu-prof (not allowed in NODE_OPTIONS). */ nodeArgs?: string[];
  } = {},
): Promise<ServerProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !INHERITED_STORES.includes(entry[0]),
    ),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // An object, so that the check in the loop below reads what the exit handler wrote.
  const state = { exited: false };
  void exited.then(() => (state.exited = true));

  const url = `http://127.0.0.1:${env.PORT ?? ''}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 45_000);
  for (;;) {
    if (state.exited) throw new Error(`The server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`The server was not ready in time:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    stop: (signal) => {
      if (!state.exited) child.kill(signal);
      return exited;
    },
  };
}
