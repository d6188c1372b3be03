import { LIVE_UPDATES_EVENT } from '@kelvin/contract';
import { connectLive, type TestLiveClient } from '../../apps/server/src/platform/live/liveTestClient.ts';
import { chartQueryBody } from './chartQuery.ts';
import type { SoakFleet } from './soakFleet.ts';

/** What the load did since the last sample; the sampler reads and resets it. */
export interface SoakCounters {
  pointsAcked: number;
  ingestErrors: number;
  ackMs: number[];
  chartQueries: number;
  chartErrors: number;
  liveUpdates: number;
  liveErrors: number;
}

export function emptyCounters(): SoakCounters {
  return {
    pointsAcked: 0,
    ingestErrors: 0,
    ackMs: [],
    chartQueries: 0,
    chartErrors: 0,
    liveUpdates: 0,
    liveErrors: 0,
  };
}

export interface SoakLoad {
  counters: SoakCounters;
  errors: string[];
  stop(): Promise<void>;
}

const UNITS_PER_BATCH = 25;
const SENDERS = 4;
const CHART_WORKERS = 2;
const LIVE_CLIENTS = 50;
const LIVE_UNITS_PER_CLIENT = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Agents send every unit's metrics once per interval, in batches of 25 units over 4 connections (as the demo
 * agents do, each batch with an id); charts ask an hour and the whole run at 1,200 pixels; 50 live clients
 * follow 20 units' metrics each.
 */
export async function startSoakLoad(url: string, fleet: SoakFleet, intervalMs: number): Promise<SoakLoad> {
  const counters = emptyCounters();
  const errors: string[] = [];
  const note = (message: string) => {
    if (errors.length < 20) errors.push(message);
  };
  let running = true;
  const startedAt = Date.now();

  async function sendBatch(units: readonly number[], tick: number) {
    const ts = Date.now();
    const points = units.flatMap((assetId) =>
      fleet.aliases.map((alias, index) => ({
        assetId,
        alias,
        ts,
        value: Math.round((20 + 5 * Math.sin(ts / 600_000 + assetId + index)) * 100) / 100,
      })),
    );
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/telemetry.ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-agent-key': fleet.agentKey },
        body: JSON.stringify({ batchId: `soak-${tick}-${units[0] ?? 0}`, points }),
      });
      await response.arrayBuffer();
      if (response.ok) {
        counters.pointsAcked += points.length;
        counters.ackMs.push(performance.now() - started);
      } else {
        counters.ingestErrors += 1;
        note(`ingest ${response.status}`);
      }
    } catch (error) {
      counters.ingestErrors += 1;
      note(`ingest ${String(error)}`);
    }
  }

  async function ingestLoop() {
    for (let tick = 0; running; tick++) {
      const due = startedAt + tick * intervalMs;
      await sleep(Math.max(0, due - Date.now()));
      const batches: number[][] = [];
      for (let at = 0; at < fleet.unitIds.length; at += UNITS_PER_BATCH) {
        batches.push(fleet.unitIds.slice(at, at + UNITS_PER_BATCH));
      }
      const queue = [...batches];
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          for (let batch = queue.shift(); batch && running; batch = queue.shift())
            await sendBatch(batch, tick);
        }),
      );
    }
  }

  async function chartLoop(worker: number) {
    for (let query = worker; running; query += CHART_WORKERS) {
      const body = chartQueryBody(query, fleet, startedAt);
      try {
        const response = await fetch(`${url}/api/assets.metrics.timeseries.get`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${fleet.token}` },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        counters.chartQueries += 1;
        if (!response.ok) {
          counters.chartErrors += 1;
          note(`chart ${response.status}`);
        }
      } catch (error) {
        counters.chartErrors += 1;
        note(`chart ${String(error)}`);
      }
      await sleep(250);
    }
  }

  const clients: TestLiveClient[] = [];
  for (let index = 0; index < LIVE_CLIENTS; index++) {
    const client = await connectLive(url, fleet.token);
    const first = (index * LIVE_UNITS_PER_CLIENT) % fleet.unitIds.length;
    const units = fleet.unitIds.slice(first, first + LIVE_UNITS_PER_CLIENT);
    const paths = units.flatMap((assetId) =>
      fleet.metricIds.slice(0, 10).map((metricId) => `${assetId}/${metricId}`),
    );
    await client.subscribe(paths);
    // The updates are counted, not kept: a soak must not measure its own memory.
    client.socket.off(LIVE_UPDATES_EVENT);
    client.socket.on(LIVE_UPDATES_EVENT, (updates: unknown) => {
      counters.liveUpdates += Array.isArray(updates) ? updates.length : 0;
    });
    client.socket.on('disconnect', (reason) => {
      if (running) {
        counters.liveErrors += 1;
        note(`live disconnect: ${reason}`);
      }
    });
    clients.push(client);
  }

  const loops = [ingestLoop(), ...Array.from({ length: CHART_WORKERS }, (_, worker) => chartLoop(worker))];
  return {
    counters,
    errors,
    async stop() {
      running = false;
      await Promise.all(loops);
      for (const client of clients) client.close();
    },
  };
}
