/**
 * The process duckDbReclaim.test.ts kills: opens the store in the directory given, says so on stdout, gives the
 * freed blocks back, and says when it is done (a kill before that line came in the middle of the work).
 */
import { openDuckDbStore } from './duckDbStore.ts';

const directory = process.argv[2];
if (!directory) throw new Error('usage: duckDbReclaimChild.ts <directory>');
const store = await openDuckDbStore({ directory, reclaimFreeBlocks: false, seriesCacheBytes: 0 });
process.stdout.write('reclaiming\n');
const started = performance.now();
const result = await store.reclaimSpace({ minFreeShare: 0, minFreeBytes: 0, maxRounds: 4 });
process.stdout.write(`done ${Math.round(performance.now() - started)} ms, moved ${result?.moved ?? 0}\n`);
await store.close();
