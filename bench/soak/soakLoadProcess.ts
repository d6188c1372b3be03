/**
 * The soak's load (startSoakLoad) in a process of its own, so that a bench whose server runs in its own process
 * does not share that server's event loop with the load. Told its job in SOAK_LOAD_JOB; sends 'ready' once the
 * load runs, and on 'stop' stops it and answers what it did.
 */
import { soakLoadJobSchema } from './forkSoakLoad.ts';
import { startSoakLoad } from './soakLoad.ts';

const job = soakLoadJobSchema.parse(JSON.parse(process.env.SOAK_LOAD_JOB ?? '{}'));
const load = await startSoakLoad(job.url, job.fleet, job.intervalMs);
process.on('message', (message) => {
  if (message !== 'stop') return;
  const pointsAcked = load.counters.pointsAcked;
  void load.stop().then(() => process.send?.({ pointsAcked, errors: load.errors }, () => process.exit(0)));
});
process.send?.('ready');
