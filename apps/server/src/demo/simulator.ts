import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/database.ts';
import type { TimeSeriesStore } from '../platform/timeseries/timeSeriesStore.ts';
import { httpAgentTransport, type AgentTransport } from './agentTransport.ts';
import { startCommandResponder } from './commandResponder.ts';
import { backfillPlan, continueFromHistory, writeHistory } from './demoBackfill.ts';
import { issueDemoAgentKeys, type DemoAgentRef, type DemoUnitRef } from './demoAgentKeys.ts';
import { startSimulatedLogs } from './simulatedLogSender.ts';
import { DEMO_METRICS } from './metricCatalogue.ts';
import type { SimulatorOptions } from './simulatorOptions.ts';
import { createUnitSimulation, type UnitSimulation } from './unitSimulation.ts';

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
  /** How the agents send their batches: the HTTP calls at baseUrl unless given (agents over MQTT). */
  transport?: AgentTransport;
}

/** Where the simulator reaches the server it runs in: loopback when the server listens on every interface. */
export function loopbackOrigin(host: string, port: number): string {
  const reachable = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export interface Simulator {
  /** Settles once every unit's first values were sent (taken or not): what start-up work may wait for. */
  firstValues: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The demo agents: a fresh key each, then every `intervalMs` one gzip batch per agent for all the units of its data
 * hall, posted to `POST /api/telemetry.ingest` with the key as a real agent would. A failed send is retried with
 * the same batch id, so a batch that was stored but whose answer was lost is not stored twice.
 *
 * The stream comes first: its first batch goes out at once, so that a fresh console shows every unit alive
 * within seconds. The first start's history (demoBackfill.ts) is written beside it, ending where the stream began:
 * the two never write the same minute, and the units it covers stream on from where their history ends.
 */
export async function startSimulator(deps: SimulatorDeps): Promise<Simulator> {
  const { options, log } = deps;
  const catalogue = DEMO_METRICS.slice(0, options.metricsPerUnit);
  const agents = await issueDemoAgentKeys(deps.db);
  // Units are watched for what they would log (start-ups, alarms, commands, drops), sent by their agents.
  const transport = deps.transport ?? httpAgentTransport(deps.baseUrl);
  const logs = startSimulatedLogs({ transport, log, agents, intervalMs: options.intervalMs });
  const simulations = new Map<number, UnitSimulation>();
  const startedAt = Date.now();
  // Without a plan (a store that cannot answer now) the demo streams all the same, only without history.
  const plan = await backfillPlan(
    deps.db,
    agents.flatMap((agent) => agent.units).slice(0, options.backfillUnits),
    startedAt,
  ).catch((error: unknown) => {
    log.warn({ err: error }, 'demo backfill not planned');
    return null;
  });
  const withHistory = new Set(plan?.units.map((unit) => unit.assetId));
  const openingFaults = openingFaultUnits(agents);
  const unitCount = agents.reduce((sum, agent) => sum + agent.units.length, 0);
  /** Units whose values the server has taken, until every one has. */
  const heard = new Set<number>();
  let announced = false;
  let ticks = 0;
  let stopped = false;
  // Read through a function: the awaits in between may see a stop that the compiler cannot.
  const isStopped = () => stopped;
  let running: Promise<void> = Promise.resolve();

  const begin = (unit: DemoUnitRef, simulation: UnitSimulation, now: number) => {
    simulation.resume(now);
    if (openingFaults.has(unit.assetId)) {
      simulation.scheduleFault(OPENING_FAULT.code, now + OPENING_FAULT.afterMs, OPENING_FAULT.minutes);
    }
    simulations.set(unit.assetId, logs.watch(unit, simulation));
  };
  for (const agent of agents) {
    for (const unit of agent.units) {
      if (!withHistory.has(unit.assetId))
        begin(unit, createUnitSimulation(unit, catalogue, startedAt), startedAt);
    }
  }

  /** One batch per agent of its units' readings now; of `only` these units when given. */
  const tick = async (only?: ReadonlySet<number>): Promise<void> => {
    const at = Date.now();
    const includeText = ticks % TEXT_EVERY_TICKS === 0;
    ticks += 1;
    await Promise.all(
      agents.map(async (agent) => {
        const sending: number[] = [];
        const points = agent.units.flatMap((unit) => {
          const simulation = simulations.get(unit.assetId);
          if (!simulation || (only && !only.has(unit.assetId)) || simulation.silent(at)) return [];
          sending.push(unit.assetId);
          return simulation.sample(at, { includeText }).map((point) => ({
            assetId: unit.assetId,
            alias: point.alias,
            ts: at,
            value: point.value,
            status: point.status,
            ...(point.overrideType ? { overrideType: point.overrideType } : {}),
          }));
        });
        if (points.length > 0 && (await send(transport, deps, agent, points))) {
          for (const assetId of sending) heard.add(assetId);
        }
      }),
    );
    if (!announced && heard.size === unitCount) {
      announced = true;
      // What a fresh demo is judged by: how soon after start every unit has values on the console.
      log.info({ units: unitCount, ms: Date.now() - startedAt }, 'demo simulator: every unit has sent');
    }
  };
  // One tick at a time: a slow store makes the simulator skip beats rather than pile requests up.
  const beat = (only?: ReadonlySet<number>) => {
    running = running
      .then(() => (stopped ? undefined : tick(only)))
      .catch((error: unknown) => log.warn({ err: error }, 'demo simulator tick failed'));
  };
  beat();
  const timer = setInterval(() => beat(), options.intervalMs);
  timer.unref();
  log.info(
    {
      agents: agents.length,
      units: simulations.size + withHistory.size,
      metricsPerUnit: catalogue.length,
      intervalMs: options.intervalMs,
    },
    'demo simulator streaming',
  );
  const responder = startCommandResponder({
    baseUrl: deps.baseUrl,
    log,
    agents,
    simulationOf: (assetId) => simulations.get(assetId),
    sendPoints: async (agent, points) => {
      await send(transport, deps, agent, points);
    },
  });

  // Beside the stream: the units with history join it as soon as their history is replayed (a second or so), and
  // their first values go out at once; then that history is stored.
  const joined = (async () => {
    if (plan) {
      const replaying = Date.now();
      for (const unit of plan.units) {
        const simulation = await continueFromHistory(unit, catalogue, plan);
        if (isStopped()) return;
        begin(unit, simulation, Date.now());
      }
      log.info({ units: plan.units.length, ms: Date.now() - replaying }, 'demo history replayed');
      // Only they: a unit sampled again a moment after the first beat would move as much as in a whole beat.
      beat(withHistory);
    }
    await running;
  })().catch((error: unknown) => log.warn({ err: error }, 'demo history not replayed'));
  // The history's batches queue at the store after the stream's first ones, never before them.
  const history = joined
    .then(() =>
      plan && !isStopped()
        ? writeHistory(deps, plan, catalogue, (unit, simulation) => logs.watch(unit, simulation), isStopped)
        : undefined,
    )
    .catch((error: unknown) => log.warn({ err: error }, 'demo backfill failed'));

  return {
    firstValues: joined,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await history;
      await responder.stop();
      await running;
      await logs.stop();
    },
  };
}

/** Sends one batch, again with the same batch id while it is not known stored; answers whether it was. */
async function send(
  transport: AgentTransport,
  deps: SimulatorDeps,
  agent: DemoAgentRef,
  points: unknown[],
): Promise<boolean> {
  const batchId = `sim-${randomUUID()}`;
  for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt++) {
    const result = await transport.send(agent, 'telemetry', { batchId, points });
    if (result.stored) return true;
    // A refusal will not change on retry; a server error might.
    if (!result.retry) {
      deps.log.warn({ agent: agent.name, detail: result.detail }, 'demo batch refused');
      return false;
    }
    if (attempt === SEND_ATTEMPTS)
      deps.log.warn({ agent: agent.name, detail: result.detail }, 'demo batch not sent');
    else await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
  return false;
}

/** Supply air too warm (fault 101) on one unit of each company's first agent: ten seconds in, for ten minutes. */
const OPENING_FAULT = { code: 101, afterMs: 10_000, minutes: 10 };

/**
 * A demo should show the console noticing trouble soon after `npm start`, not after a random wait of hours: the
 * first unit of each company's first agent develops a fault ten seconds into its stream (its second or third
 * batch), which the demo's rules open a problem for at once (the alarm points) and resolve after it ends.
 */
function openingFaultUnits(agents: readonly DemoAgentRef[]): Set<number> {
  const companies = new Set<number>();
  const units = new Set<number>();
  for (const agent of agents) {
    const unit = agent.units[0];
    if (!unit || companies.has(agent.companyId)) continue;
    companies.add(agent.companyId);
    units.add(unit.assetId);
  }
  return units;
}
