import { ConfigError, loadConfig } from '../config.ts';
import { startCluster, type Cluster } from './cluster.ts';

/**
 * `npm run start:cluster`: KELVIN_CLUSTER_PROCESSES server processes on the shared stores of the environment,
 * behind HAProxy on PORT. The stores must be ones several processes can share: PostgreSQL and Redis are required.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const missing = [
    config.databaseUrl ? undefined : 'DATABASE_URL (PostgreSQL)',
    config.redisUrl ? undefined : 'REDIS_URL (Redis)',
  ].filter((name) => name !== undefined);
  if (missing.length > 0)
    throw new ConfigError(`a cluster's processes share their stores: set ${missing.join(' and ')}`);
  const warn = (text: string) => process.stderr.write(`kelvin cluster: ${text}\n`);
  if (!config.timeseries.clickhouseUrl)
    warn(
      'no CLICKHOUSE_URL: each process keeps its own DuckDB, so charts show only what that process stored',
    );
  if (!config.s3)
    warn('no S3_*: files stay in the data directory, shared by the processes of this machine only');

  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const cluster: Cluster = await startCluster({
    env,
    processes: config.clusterProcesses,
    host: config.host,
    port: config.port,
    onLine: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `\nKelvin cluster: ${cluster.servers.length} processes behind HAProxy at ${config.publicOrigin} (${cluster.url})\n`,
  );
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    cluster.stop().then(
      () => process.exit(code),
      () => process.exit(1),
    );
  };
  // `on`, not `once`: npm and tsx pass a terminal's Ctrl-C on as well, and a second signal must not end the
  // launcher before it has stopped its children.
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  // A process that stops is taken out by HAProxy's health check and the others carry on; without HAProxy, or
  // without any process, there is no cluster left.
  void cluster.haproxy.exited.then((code) => {
    if (stopping) return;
    warn(`HAProxy exited (${String(code)}): stopping the cluster`);
    stop(1);
  });
  for (const server of cluster.servers)
    void server.exited.then((code) => {
      if (stopping) return;
      warn(`${server.name} exited (${String(code)}): HAProxy sends its requests to the others`);
      if (cluster.servers.every((other) => !other.running())) stop(1);
    });
  // The servers are process groups of their own (clusterProcess.ts): a launcher that ends any other way than by
  // stop() (an uncaught error) still takes them with it.
  process.once('exit', () => {
    for (const child of [cluster.haproxy, ...cluster.servers]) void child.stop('SIGTERM');
  });
}

main().catch((error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Kelvin cluster cannot start: ${text}\n`);
  process.exit(1);
});
