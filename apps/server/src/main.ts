import { ConfigError, loadConfig, webBuildExists } from './config.ts';
import { demoAgentTransport } from './demo/agentTransport.ts';
import { seedDemo, type DemoSummary } from './demo/seedDemo.ts';
import { loopbackOrigin, startSimulator, type Simulator } from './demo/simulator.ts';
import { simulatorOptionsFrom } from './demo/simulatorOptions.ts';
import { createServer } from './server.ts';

function printBanner(url: string, demo: DemoSummary | undefined, webBuilt: boolean): void {
  const lines = ['', `Kelvin console is running at ${url}`];
  if (!webBuilt) lines.push('(the web app is not built: run `npm run build` for the console pages)');
  if (demo) {
    lines.push('', demo.created ? 'Demo fleet created. Demo users:' : 'Demo users:');
    for (const user of demo.users) {
      lines.push(`  ${user.email.padEnd(30)} ${user.role.padEnd(28)} ${user.company}`);
    }
    lines.push(`  password for every demo user: ${demo.password}`);
  }
  lines.push(`API reference: ${url}/api/docs`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await createServer(config);
  const demo = config.seedDemo
    ? await seedDemo(server.database.db, {
        dataDir: config.dataDir,
        password: config.demoPassword,
        files: server.files,
      })
    : undefined;
  await server.app.listen({ port: config.port, host: config.host });
  // The demo agents stream through the public ingestion call, so they start once the server listens; their first
  // batch goes out at once and the first start's history is written beside the stream (simulator.ts).
  const simulatorOptions = simulatorOptionsFrom();
  const simulating = config.seedDemo && simulatorOptions.enabled;
  const transport = simulating ? await demoAgentTransport(config, simulatorOptions) : undefined;
  const simulator: Simulator | undefined = simulating
    ? await startSimulator({
        db: server.database.db,
        timeseries: server.timeseries,
        log: server.app.log,
        baseUrl: loopbackOrigin(config.host, config.port),
        options: simulatorOptions,
        transport,
      })
    : undefined;
  // The rules (the demo's too, seeded just now) are loaded by a cycle at once rather than at the next scheduled
  // tick, up to a cycle later, so that readings trigger evaluation from then on. After the demo's first values:
  // the cycle's queries would otherwise hold up the ingestion of the batches that bring the console alive.
  if (config.problems.evaluate) {
    void (simulator?.firstValues ?? Promise.resolve()).then(() => server.evaluator.evaluateSoon());
  }

  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    (simulator?.stop() ?? Promise.resolve())
      .then(() => transport?.close())
      .then(() => server.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  printBanner(config.publicOrigin, demo, webBuildExists(config));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`Kelvin cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Kelvin failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
