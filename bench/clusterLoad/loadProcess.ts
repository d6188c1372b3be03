/**
 * The cluster load test's load, in a process of its own (forked by clusterLoad.ts) so that it shares no event loop
 * with the servers or with the Chromium probes' driver. Told what to do in LOAD_JOB. Sends 'ready' once its viewers
 * are subscribed and its agents run; on 'sample' it answers what happened since the last sample, on 'stop' it
 * stops, waits for the batches in flight and answers every acknowledged batch (unit → timestamps) before it exits.
 */
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import {
  LIVE_NAMESPACE,
  LIVE_SOCKET_PATH,
  LIVE_UPDATES_EVENT,
  livePath,
  metricValueStateUpdatesSchema,
} from '@kelvin/contract';
import { chartQueryBody } from '../soak/chartQuery.ts';
import { emptyLoadSample, type LoadSample } from './loadSample.ts';

const jobSchema = z.object({
  url: z.string(),
  agentKey: z.string(),
  token: z.string(),
  unitIds: z.array(z.number()),
  aliases: z.array(z.string()),
  metricIds: z.array(z.number()),
  intervalMs: z.number(),
  viewers: z.number().int(),
  chartWorkers: z.number().int(),
});
export type LoadJob = z.infer<typeof jobSchema>;

/** A batch that fails (its process died under it, HAProxy answered 502) is sent again, same id, this often. */
const RETRY_MS = 500;
const MAX_ATTEMPTS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const job = jobSchema.parse(JSON.parse(process.env.LOAD_JOB ?? '{}'));
let sample: LoadSample = emptyLoadSample();
const acked = new Map<number, number[]>();
let running = true;
/** Read after each wait: 'stop' may have come meanwhile. */
const isRunning = () => running;

/** One agent's batch: its unit's metrics at one instant, sent until acknowledged (the same batch id each time). */
async function sendBatch(assetId: number, tick: number): Promise<void> {
  const ts = Date.now();
  const points = job.aliases.map((alias, index) => ({
    assetId,
    alias,
    ts,
    value: Math.round((20 + 5 * Math.sin(ts / 600_000 + assetId + index)) * 100) / 100,
  }));
  const body = JSON.stringify({ batchId: `load-${assetId}-${tick}`, points });
  const started = performance.now();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      const response = await fetch(`${job.url}/api/telemetry.ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-agent-key': job.agentKey },
        body,
      });
      await response.arrayBuffer();
      if (response.ok) {
        sample.ackMs.push(performance.now() - started);
        sample.pointsAcked += points.length;
        const times = acked.get(assetId);
        if (times) times.push(ts);
        else acked.set(assetId, [ts]);
        return;
      }
      // A refusal of the batch itself would be refused again: only a server's failure is worth another try.
      if (response.status < 500) {
        sample.ingestErrors += 1;
        sample.notes.push(`ingest ${response.status}`);
        return;
      }
      sample.notes.push(`ingest ${response.status}, sent again`);
    } catch (error) {
      sample.notes.push(`ingest ${failureOf(error)}, sent again`);
    }
    sample.ingestRetries += 1;
    await sleep(RETRY_MS);
  }
  sample.ingestErrors += 1;
}

/** An agent: its unit's metrics every interval, at a phase of its own so that the fleet's batches spread out. */
async function agent(assetId: number, index: number, startedAt: number): Promise<void> {
  const phase = (index / job.unitIds.length) * job.intervalMs;
  for (let tick = 0; isRunning(); tick++) {
    await sleep(Math.max(0, startedAt + phase + tick * job.intervalMs - Date.now()));
    if (!isRunning()) return;
    await sendBatch(assetId, tick);
  }
}

/** A failed fetch named by its cause too (fetch says only "fetch failed"; the cause says reset, refused, ...). */
function failureOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause instanceof Error && 'code' in cause ? ` ${String(cause.code)}` : '';
  return cause instanceof Error ? `${String(error)} (${cause.message}${code})` : String(error);
}

/**
 * A chart's request as the console sends it: its query client asks again (up to 3 times) when the request
 * fails on the way, as it does when the process answering it dies. Each retry is counted.
 */
async function fetchRetrying(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt > 3) throw error;
      sample.chartRetries += 1;
      sample.notes.push(`chart ${failureOf(error)}, asked again`);
      await sleep(attempt * 500);
    }
  }
}

/** Charts as operators open them: an hour or the whole run of a unit's four metrics at 1,200 px. */
async function charts(worker: number, startedAt: number): Promise<void> {
  for (let query = worker; isRunning(); query += job.chartWorkers) {
    const started = performance.now();
    try {
      const response = await fetchRetrying(`${job.url}/api/assets.metrics.timeseries.get`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${job.token}` },
        body: JSON.stringify(chartQueryBody(query, job, startedAt)),
      });
      await response.arrayBuffer();
      if (response.ok) sample.chartMs.push(performance.now() - started);
      else {
        sample.chartErrors += 1;
        sample.notes.push(`chart ${response.status}`);
      }
    } catch (error) {
      sample.chartErrors += 1;
      sample.notes.push(`chart ${String(error)}`);
    }
    await sleep(250);
  }
}

/**
 * A viewer of one unit's live values, as a live view is: socket.io reconnecting by itself, subscribing again on
 * each connection. Each update's age on arrival (now − its timestamp, set by the agent as it sent) is kept.
 */
function viewer(index: number): Promise<Socket> {
  const assetId = job.unitIds[index % job.unitIds.length] ?? 0;
  const paths = job.metricIds.map((metricId) => livePath(assetId, metricId));
  const socket = io(`${job.url}${LIVE_NAMESPACE}`, {
    path: LIVE_SOCKET_PATH,
    auth: { token: job.token },
    transports: ['websocket'],
    reconnectionDelay: 250,
    reconnectionDelayMax: 1000,
    forceNew: true,
  });
  let lostAt: number | undefined;
  socket.on(LIVE_UPDATES_EVENT, (payload: unknown) => {
    const arrivedAt = Date.now();
    const parsed = metricValueStateUpdatesSchema.safeParse(payload);
    if (!parsed.success) {
      sample.liveErrors += 1;
      return;
    }
    sample.liveUpdates += parsed.data.length;
    // The subscription's current values are as old as the last batch: only fresh values measure the path.
    if (lostAt !== undefined) return;
    for (const update of parsed.data) sample.sensorToSocketMs.push(arrivedAt - update.timestamp);
  });
  socket.on('disconnect', (reason) => {
    if (!running) return;
    lostAt = Date.now();
    sample.liveDisconnects += 1;
    sample.notes.push(`live disconnect: ${reason}`);
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      socket
        .timeout(10_000)
        .emitWithAck('subscribe', { paths })
        .then(() => {
          if (lostAt !== undefined) sample.reconnectMs.push(Date.now() - lostAt);
          lostAt = undefined;
          resolve(socket);
        }, reject);
    });
    socket.on('connect_error', (error) => {
      sample.notes.push(`live connect error: ${error.message}`);
      if (lostAt === undefined && !socket.active) reject(error);
    });
  });
}

async function main(): Promise<void> {
  const sockets: Socket[] = [];
  for (let index = 0; index < job.viewers; index++) sockets.push(await viewer(index));
  const startedAt = Date.now();
  const loops = [
    ...job.unitIds.map((assetId, index) => agent(assetId, index, startedAt)),
    ...Array.from({ length: job.chartWorkers }, (_, worker) => charts(worker, startedAt)),
  ];
  process.on('message', (message) => {
    if (message === 'sample') {
      const taken = sample;
      sample = emptyLoadSample();
      process.send?.({ type: 'sample', sample: taken });
    } else if (message === 'stop') {
      running = false;
      void Promise.all(loops).then(() => {
        for (const socket of sockets) socket.close();
        process.send?.({ type: 'acked', acked: Object.fromEntries(acked) }, () => process.exit(0));
      });
    }
  });
  process.send?.('ready');
}

await main();
