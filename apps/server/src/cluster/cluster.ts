import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import { freePort } from '../platform/net/freePort.ts';
import { spawnClusterChild, waitUntilAnswering, type ClusterChild } from './clusterProcess.ts';
import { haproxyConfig, type ClusterBackend } from './haproxyConfig.ts';

export interface ClusterOptions {
  /** The servers' environment: the shared stores (DATABASE_URL, REDIS_URL, …) and any other setting. */
  env: Record<string, string>;
  processes: number;
  /** Where HAProxy listens: the cluster's one address. */
  host: string;
  port: number;
  /** Each line the servers and HAProxy write, prefixed with the writer's name. */
  onLine?: (line: string) => void;
  /** How long one server may take to start (migrations and the demo's seed on the first). */
  startTimeoutMs?: number;
}

export interface Cluster {
  /** HAProxy's address, e.g. http://127.0.0.1:8080. */
  url: string;
  backends: ClusterBackend[];
  servers: ClusterChild[];
  haproxy: ClusterChild;
  /** Stops HAProxy (no new requests), then every server gracefully; removes the config's directory. */
  stop(): Promise<void>;
}

/** Debian puts HAProxy in /usr/sbin, which is not on an ordinary user's PATH. */
export function haproxyCommand(): string {
  return existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
}

/**
 * What each server is told on top of the shared environment: its port and name, the cluster's one public origin
 * (the embedded sign-in's issuer, the same in every process), one proxy hop to trust, and without ClickHouse a
 * DuckDB of its own (one DuckDB file cannot be opened by two processes). Only the first seeds the demo (and so runs
 * the simulator): the others start once it answers, on a migrated and seeded database.
 */
export function serverEnv(
  env: Record<string, string>,
  backend: ClusterBackend,
  first: boolean,
  port: number,
) {
  const dataDir = path.resolve(
    env.INIT_CWD ?? process.cwd(),
    env.KELVIN_DATA_DIR ?? path.join(repoRoot, 'data'),
  );
  return {
    ...env,
    PORT: String(backend.port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    KELVIN_PROCESS_NAME: backend.name,
    TRUST_PROXY_HOPS: env.TRUST_PROXY_HOPS ?? '1',
    ...(env.CLICKHOUSE_URL ? {} : { KELVIN_DUCKDB_DIR: path.join(dataDir, 'cluster', backend.name) }),
    ...(first ? {} : { KELVIN_SEED_DEMO: 'false' }),
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  const backends: ClusterBackend[] = [];
  for (let index = 0; index < options.processes; index++)
    backends.push({ name: `p${index + 1}`, port: await freePort() });
  const servers: ClusterChild[] = [];
  const configDir = mkdtempSync(path.join(tmpdir(), 'kelvin-haproxy-'));
  let haproxy: ClusterChild | undefined;
  const stopAll = async () => {
    await haproxy?.stop('SIGTERM');
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    rmSync(configDir, { recursive: true, force: true });
  };
  const startServer = async (backend: ClusterBackend, first: boolean) => {
    const server = spawnClusterChild({
      name: backend.name,
      command: process.execPath,
      args: ['--import', 'tsx', 'apps/server/src/main.ts'],
      cwd: repoRoot,
      env: serverEnv(options.env, backend, first, options.port),
      onLine: options.onLine,
    });
    servers.push(server);
    await waitUntilAnswering(`http://127.0.0.1:${backend.port}/healthz`, server, timeoutMs);
  };
  try {
    const [first, ...others] = backends;
    if (!first) throw new Error('A cluster has at least one process.');
    // The first alone: it migrates the database and seeds the demo before it listens.
    await startServer(first, true);
    await Promise.all(others.map((backend) => startServer(backend, false)));
    const configFile = path.join(configDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ bind: options.host, port: options.port, backends }));
    haproxy = spawnClusterChild({
      name: 'haproxy',
      command: haproxyCommand(),
      // -db: in the foreground, its log on stderr; -W would add a master process we have no use for.
      args: ['-db', '-f', configFile],
      cwd: configDir,
      env: { PATH: process.env.PATH ?? '' },
      onLine: options.onLine,
    });
    const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${options.port}`;
    await waitUntilAnswering(`${url}/healthz`, haproxy, 15_000);
    return { url, backends, servers, haproxy, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
