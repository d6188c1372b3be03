/**
 * The bare socket.io viewers, in a process of their own (forked by sensorToPixel.ts): in the server's process
 * their arrival stamps would wait for the server's own work on the shared event loop. Told what to watch in
 * LIVE_VIEWERS_JOB; sends 'ready' once every client is subscribed, and on 'report' the arrivals of each probe value.
 */
import { z } from 'zod';
import { LIVE_UPDATES_EVENT } from '@kelvin/contract';
import { connectLive, type TestLiveClient } from '../../apps/server/src/platform/live/liveTestClient.ts';

const jobSchema = z.object({
  url: z.string(),
  token: z.string(),
  paths: z.array(z.string()),
  probePath: z.string(),
  count: z.number().int(),
});

export type SocketViewersJob = z.infer<typeof jobSchema>;
/** Probe value → epoch ms of its arrival at each client. */
export type SocketArrivals = Record<string, number[]>;

/** The probe path's value in an update, read without parsing the rest. */
function probeValue(update: unknown, probePath: string): number | undefined {
  if (typeof update !== 'object' || update === null || !('path' in update) || update.path !== probePath)
    return;
  return 'value' in update && typeof update.value === 'number' ? update.value : undefined;
}

async function run(): Promise<void> {
  const job = jobSchema.parse(JSON.parse(process.env.LIVE_VIEWERS_JOB ?? '{}'));
  const arrivals: SocketArrivals = {};
  const clients: TestLiveClient[] = [];
  for (let index = 0; index < job.count; index++) {
    const client = await connectLive(job.url, job.token);
    await client.subscribe(job.paths);
    // Only the arrival time is kept: parsing and storing every update would measure this process, not the path.
    client.socket.off(LIVE_UPDATES_EVENT);
    client.socket.on(LIVE_UPDATES_EVENT, (payload: unknown) => {
      const at = Date.now();
      const updates: readonly unknown[] = Array.isArray(payload) ? payload : [];
      for (const update of updates) {
        const value = probeValue(update, job.probePath);
        if (value !== undefined) (arrivals[String(value)] ??= []).push(at);
      }
    });
    clients.push(client);
  }
  process.on('message', (message) => {
    if (message !== 'report') return;
    for (const client of clients) client.close();
    process.send?.(arrivals, () => process.exit(0));
  });
  process.send?.('ready');
}

await run();
