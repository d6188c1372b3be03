import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/database.ts';
import { metrics, serverSettings } from '../platform/db/schema.ts';
import type { TelemetryBus } from '../platform/events/telemetryBus.ts';
import type { TimeSeriesStore } from '../platform/timeseries/timeSeriesStore.ts';
import { createPointWriter } from '../modules/telemetry/pointWriter.ts';
import type { ResolvedPoint } from '../modules/telemetry/pointResolver.ts';
import { startCommandResponder } from './commandResponder.ts';
import { issueDemoAgentKeys, type DemoAgentRef } from './demoAgentKeys.ts';
import { startSimulatedLogs, type SimulatedLogs } from './simulatedLogSender.ts';
import { DEMO_METRICS } from './metricCatalogue.ts';
import type { SimulatorOptions } from './simulatorOptions.ts';
import { createUnitSimulation, type UnitSimulation } from './unitSimulation.ts';

const BACKFILL_SETTING = 'demo.simulator.backfilledAt';
const BACKFILL_MS = 24 * 3_600_000;
const BACKFILL_STEP_MS = 60_000;
/** Text values (serial, model) change never; agents send them at start and every so often. */
const TEXT_EVERY_TICKS = 60;
const SEND_ATTEMPTS = 3;

export interface SimulatorDeps {
  db: Db;
  timeseries: TimeSeriesStore;
  log: FastifyBaseLogger;
  /** The server's own origin, e.g. http://127.0.0.1:3000: values go through the public ingestion call. */
  baseUrl: string;
  options: SimulatorOptions;
}

/** Where the simulator reaches the server it runs in: loopback when the server listens on every interface. */
export function loopbackOrigin(host: string, port: number): string {
  const reachable = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export interface Simulator {
  stop(): Promise<void>;
}

/**
 * The demo agents: a fresh key each, then every `intervalMs` one gzip batch per agent for all the units of its data
 * hall, posted to `POST /api/telemetry.ingest` with the key as a real agent would. A failed send is retried with
 * the same batch id, so a batch that was stored but whose answer was lost is not stored twice.
 */
export async function startSimulator(deps: SimulatorDeps): Promise<Simulator> {
  const { options, log } = deps;
  const catalogue = DEMO_METRICS.slice(0, options.metricsPerUnit);
  const agents = await issueDemoAgentKeys(deps.db);
  // Units are watched for what they would log (start-ups, alarms, commands, drops), sent by their agents.
  const logs = startSimulatedLogs({ baseUrl: deps.baseUrl, log, agents, intervalMs: options.intervalMs });
  const simulations = new Map<number, UnitSimulation>();
  let ticks = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let responder: { stop(): Promise<void> } | undefined;

  const tick = async (): Promise<void> => {
    const at = Date.now();
    const includeText = ticks % TEXT_EVERY_TICKS === 0;
    ticks += 1;
    await Promise.all(
      agents.map(async (agent) => {
        const points = agent.units.flatMap((unit) => {
          const simulation = simulations.get(unit.assetId);
          if (!simulation || simulation.silent(at)) return [];
          return simulation.sample(at, { includeText }).map((point) => ({
            assetId: unit.assetId,
            alias: point.alias,
            ts: at,
            value: point.value,
            status: point.status,
            ...(point.overrideType ? { overrideType: point.overrideType } : {}),
          }));
        });
        if (points.length > 0) await send(deps, agent, points);
      }),
    );
  };

  // History first (in the background, so the server answers meanwhile); live units continue from it seamlessly.
  const started = backfillOnce(deps, agents, catalogue, logs)
    .catch((error: unknown) => {
      log.warn({ err: error }, 'demo backfill failed');
      return new Map<number, UnitSimulation>();
    })
    .then((history) => {
      const now = Date.now();
      for (const agent of agents) {
        for (const unit of agent.units) {
          simulations.set(
            unit.assetId,
            history.get(unit.assetId) ?? logs.watch(unit, createUnitSimulation(unit, catalogue, now)),
          );
        }
      }
      scheduleOpeningFaults(agents, simulations, now);
      if (stopped) return;
      log.info(
        {
          agents: agents.length,
          units: simulations.size,
          metricsPerUnit: catalogue.length,
          intervalMs: options.intervalMs,
        },
        'demo simulator streaming',
      );
      timer = setInterval(() => {
        // One tick at a time: a slow store makes the simulator skip beats rather than pile requests up.
        running = running
          .then(() => (stopped ? undefined : tick()))
          .catch((error: unknown) => log.warn({ err: error }, 'demo simulator tick failed'));
      }, options.intervalMs);
      timer.unref();
      responder = startCommandResponder({
        baseUrl: deps.baseUrl,
        log,
        agents,
        simulationOf: (assetId) => simulations.get(assetId),
        sendPoints: (agent, points) => send(deps, agent, points),
      });
    });
  return {
    async stop() {
      stopped = true;
      await started;
      clearInterval(timer);
      await responder?.stop();
      await running;
      await logs.stop();
    },
  };
}

async function send(deps: SimulatorDeps, agent: DemoAgentRef, points: unknown[]): Promise<void> {
  const batchId = `sim-${randomUUID()}`;
  const body = gzipSync(JSON.stringify({ batchId, points }));
  for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt++) {
    try {
      const response = await fetch(`${deps.baseUrl}/api/telemetry.ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-agent-key': agent.key },
        body,
      });
      if (response.ok) return;
      const text = await response.text();
      // A refusal will not change on retry; a server error might.
      if (response.status < 500) {
        deps.log.warn({ agent: agent.name, status: response.status, text }, 'demo batch refused');
        return;
      }
    } catch (error) {
      if (attempt === SEND_ATTEMPTS) deps.log.warn({ err: error, agent: agent.name }, 'demo batch not sent');
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

/**
 * On the first start only (a server setting remembers it), 24 h at 1-minute resolution for the first few units,
 * so that charts have history at once. Written through the point writer (the store path ingestion uses) with a
 * batch id per unit and hour, so an interrupted backfill re-run stores nothing twice. It publishes to a silent
 * bus: day-old readings must not pose as live values.
 */
async function backfillOnce(
  deps: SimulatorDeps,
  agents: readonly DemoAgentRef[],
  catalogue: typeof DEMO_METRICS,
  logs: SimulatedLogs,
): Promise<Map<number, UnitSimulation>> {
  const simulations = new Map<number, UnitSimulation>();
  const units = agents.flatMap((agent) => agent.units).slice(0, deps.options.backfillUnits);
  if (units.length === 0) return simulations;
  const [done] = await deps.db.select().from(serverSettings).where(eq(serverSettings.key, BACKFILL_SETTING));
  if (done) return simulations;
  const rows = await deps.db
    .select({ alias: metrics.alias, metricId: metrics.metricId, units: metrics.units })
    .from(metrics)
    .where(
      inArray(
        metrics.alias,
        catalogue.map((metric) => metric.alias),
      ),
    );
  const byAlias = new Map(rows.map((row) => [row.alias, row]));
  const writer = createPointWriter({ db: deps.db, timeseries: deps.timeseries, bus: silentBus });
  const end = Math.floor(Date.now() / BACKFILL_STEP_MS) * BACKFILL_STEP_MS;
  const start = end - BACKFILL_MS;
  for (const unit of units) {
    const simulation = logs.watch(unit, createUnitSimulation(unit, catalogue, start));
    simulations.set(unit.assetId, simulation);
    for (let hour = start; hour < end; hour += 3_600_000) {
      const points: ResolvedPoint[] = [];
      for (let ts = hour; ts < hour + 3_600_000 && ts < end; ts += BACKFILL_STEP_MS) {
        // A silent unit still moves on (its faults and walks continue), it just sends nothing.
        const sample = simulation.sample(ts, { includeText: ts === start });
        if (simulation.silent(ts)) continue;
        for (const point of sample) {
          const metric = byAlias.get(point.alias);
          if (!metric) continue;
          points.push({
            assetId: unit.assetId,
            metricId: metric.metricId,
            ts,
            value: point.value,
            status: point.status,
            units: metric.units,
          });
        }
      }
      await writer.write(points, { batchId: `demo-backfill:${unit.assetId}:${hour}` });
    }
  }
  await deps.db
    .insert(serverSettings)
    .values({ key: BACKFILL_SETTING, value: new Date().toISOString() })
    .onConflictDoNothing();
  deps.log.info({ units: units.length, hours: 24 }, 'demo history backfilled');
  return simulations;
}

const silentBus: TelemetryBus = {
  publish: () => undefined,
  subscribe: () => () => undefined,
  close: () => Promise.resolve(),
};

/** Supply air too warm (fault 101) on one unit of each company's first agent: half a minute in, for ten minutes. */
const OPENING_FAULT = { code: 101, afterMs: 30_000, minutes: 10 };

/**
 * A demo should show the console noticing trouble soon after `npm start`, not after a random wait of hours: the
 * first unit of each company's first agent develops a fault half a minute in, which the demo's rules open a problem for
 * within the next two and resolve after it ends.
 */
function scheduleOpeningFaults(
  agents: readonly DemoAgentRef[],
  simulations: ReadonlyMap<number, UnitSimulation>,
  now: number,
): void {
  const companies = new Set<number>();
  for (const agent of agents) {
    const unit = agent.units[0];
    if (!unit || companies.has(agent.companyId)) continue;
    companies.add(agent.companyId);
    simulations
      .get(unit.assetId)
      ?.scheduleFault(OPENING_FAULT.code, now + OPENING_FAULT.afterMs, OPENING_FAULT.minutes);
  }
}
