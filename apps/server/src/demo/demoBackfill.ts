import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../platform/db/database.ts';
import { metrics, serverSettings } from '../platform/db/schema.ts';
import type { TelemetryBus } from '../platform/events/telemetryBus.ts';
import type { TimeSeriesStore } from '../platform/timeseries/timeSeriesStore.ts';
import { createPointWriter } from '../modules/telemetry/pointWriter.ts';
import type { ResolvedPoint } from '../modules/telemetry/pointResolver.ts';
import type { DemoUnitRef } from './demoAgentKeys.ts';
import type { MetricDefinition } from './metricCatalogue.ts';
import { seededRandom } from './seededRandom.ts';
import { createUnitSimulation, type SimulatedPoint, type UnitSimulation } from './unitSimulation.ts';

const DONE_SETTING = 'demo.simulator.backfilledAt';
const PLAN_SETTING = 'demo.simulator.backfillPlan';
export const BACKFILL_MS = 24 * 3_600_000;
export const BACKFILL_STEP_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * The history the first start writes: 24 h at one minute, ending at `end`, for `units`, drawn from `seed`. Fixed once
 * in a server setting, so that a restart in the middle writes the same batches (their ids make that a no-op) and
 * never reaches past `end`, where the live stream took over.
 */
export interface BackfillPlan {
  end: number;
  seed: number;
  units: DemoUnitRef[];
}

const planSchema = z.object({ end: z.number().int(), seed: z.number().int() });

/** The plan of the history still to write, or null when it was written or there is nothing to write. */
export async function backfillPlan(
  db: Db,
  units: readonly DemoUnitRef[],
  now: number,
): Promise<BackfillPlan | null> {
  if (units.length === 0) return null;
  const [done] = await db.select().from(serverSettings).where(eq(serverSettings.key, DONE_SETTING));
  if (done) return null;
  // The minute the stream starts in: history stays before it, the first live values after it.
  const end = Math.floor(now / BACKFILL_STEP_MS) * BACKFILL_STEP_MS;
  await db
    .insert(serverSettings)
    .values({ key: PLAN_SETTING, value: { end, seed: Math.floor(Math.random() * 2 ** 31) } })
    .onConflictDoNothing();
  // Another process (or an earlier start) may have fixed it first: everyone writes that one.
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, PLAN_SETTING));
  const plan = planSchema.parse(row?.value);
  return { ...plan, units: [...units] };
}

/** The unit's simulation at the start of its history: the same seed gives the same history every time. */
function historySimulation(unit: DemoUnitRef, catalogue: readonly MetricDefinition[], plan: BackfillPlan) {
  const start = plan.end - BACKFILL_MS;
  return createUnitSimulation(unit, catalogue, start, seededRandom(plan.seed ^ unit.assetId));
}

/** Samples `simulation` through the history an hour at a time, handing each hour's samples on; false if stopped. */
async function replay(
  simulation: UnitSimulation,
  plan: BackfillPlan,
  onHour: (samples: { ts: number; points: SimulatedPoint[] }[]) => Promise<void>,
  stopped: () => boolean,
): Promise<boolean> {
  const start = plan.end - BACKFILL_MS;
  for (let hour = start; hour < plan.end; hour += HOUR_MS) {
    if (stopped()) return false;
    const samples = [];
    for (let ts = hour; ts < hour + HOUR_MS && ts < plan.end; ts += BACKFILL_STEP_MS) {
      // A silent unit still moves on (its faults and walks continue), it just sends nothing.
      const points = simulation.sample(ts, { includeText: ts === start });
      if (!simulation.silent(ts)) samples.push({ ts, points });
    }
    await onHour(samples);
  }
  return true;
}

/**
 * The unit as its history leaves it at the plan's end, replayed in memory by skips (reading and storing nothing; a
 * fraction of a second a unit): it streams from there at once, continuing its charts without a jump, while the
 * history that leads up to it is written beside the stream.
 */
export async function continueFromHistory(
  unit: DemoUnitRef,
  catalogue: readonly MetricDefinition[],
  plan: BackfillPlan,
): Promise<UnitSimulation> {
  const simulation = historySimulation(unit, catalogue, plan);
  const start = plan.end - BACKFILL_MS;
  for (let ts = start; ts < plan.end; ts += BACKFILL_STEP_MS) {
    simulation.skip(ts);
    // An hour at a time, so that a replay never holds the server's event loop for long.
    if ((ts - start) % HOUR_MS === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return simulation;
}

const silentBus: TelemetryBus = {
  publish: () => undefined,
  subscribe: () => () => undefined,
  close: () => Promise.resolve(),
};

/**
 * Writes the plan's history through the point writer (the store path ingestion uses), one batch per unit and hour
 * with an id of its own, and marks it done. It publishes to a silent bus: day-old readings must not pose as live
 * values (nor trigger problems). `watch` lets the history's log lines be sent. Answers whether it finished (a stop
 * leaves the rest for the next start).
 */
export async function writeHistory(
  deps: { db: Db; timeseries: TimeSeriesStore; log: FastifyBaseLogger },
  plan: BackfillPlan,
  catalogue: readonly MetricDefinition[],
  watch: (unit: DemoUnitRef, simulation: UnitSimulation) => UnitSimulation,
  stopped: () => boolean,
): Promise<boolean> {
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
  for (const unit of plan.units) {
    const simulation = watch(unit, historySimulation(unit, catalogue, plan));
    let hourIndex = 0;
    const finished = await replay(
      simulation,
      plan,
      async (samples) => {
        const points: ResolvedPoint[] = [];
        for (const { ts, points: sample } of samples) {
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
        await writer.write(points, { batchId: `demo-backfill:${unit.assetId}:${plan.end}:${hourIndex}` });
        hourIndex += 1;
      },
      stopped,
    );
    if (!finished) return false;
  }
  await deps.db
    .insert(serverSettings)
    .values({ key: DONE_SETTING, value: new Date().toISOString() })
    .onConflictDoNothing();
  deps.log.info({ units: plan.units.length, hours: BACKFILL_MS / HOUR_MS }, 'demo history backfilled');
  return true;
}
