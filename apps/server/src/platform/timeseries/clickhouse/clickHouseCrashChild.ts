/**
 * A process that sends one batch through the ClickHouse store and is killed while doing so
 * (clickHouseCrash.int.test.ts). Opens the store, says "ready", waits for a line on stdin, then sends the batch
 * described by its environment and says "done".
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { openClickHouseStore } from './clickHouseStore.ts';
import { crashBatch } from './clickHouseCrashBatch.ts';

const env = z
  .object({
    CRASH_URL: z.url(),
    CRASH_DATABASE: z.string(),
    CRASH_BATCH_ID: z.string(),
    CRASH_ASSET: z.coerce.number(),
  })
  .parse(process.env);
const store = await openClickHouseStore({ url: env.CRASH_URL, database: env.CRASH_DATABASE });
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line !== 'go') continue;
  const answer = await store.insert(crashBatch(env.CRASH_ASSET), { batchId: env.CRASH_BATCH_ID });
  process.stdout.write(`done ${JSON.stringify(answer)}\n`);
  break;
}
lines.close();
await store.close();
