/**
 * The bare socket.io viewers, in a process of their own (forked by sensorToPixel.ts): in the server's process
 * their arrival stamps would wait for the server's own work on the shared event loop. Told what to watch in
 * LIVE_VIEWERS_JOB; sends 'ready' once every client is subscribed, and on 'report' the arrivals of each probe value.
 */
import { z } from 'zod';
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

async function run(): Promise<void> {
  const job = jobSchema.parse(JSON.parse(process.env.LIVE_VIEWERS_JOB ?? '{}'));
  const arrivals: SocketArrivals = {};
  const clients: TestLiveClient[] = [];
  for (let index = 0; index < job.count; index++) {
    const client = await connectLive(job.url, job.token);
    await client.subscribe(job.paths);
    // Only the arrival time is kept: parsing and storing every update would measure this process, not the path.
    client.socket.off('metricValueStateUpdate');
    client.socket.on('metricValueStateUpdate', (update: { path?: unknown; value?: unknown }) => {
      if (update.path !== job.probePath || typeof update.value !== 'number') return;
      const at = Date.now();
      (arrivals[String(update.value)] ??= []).push(at);
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
