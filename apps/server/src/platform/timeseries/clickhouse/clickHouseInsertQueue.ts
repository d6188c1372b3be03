/**
 * At most `max` of a process's batch inserts run at once; the others wait their turn, first come first served.
 * ClickHouse refuses queries beyond its max_concurrent_queries (100 by default) with an error, and many small
 * inserts at once only slow each other down (every one writes a part to each table its views feed): under a fleet
 * of agents posting at once, a queue here answers each a little later instead of some with a failure (measured by
 * bench/clusterLoad.ts: 1,000 agents every 10 s on two processes met "Too many simultaneous queries").
 */
export function createInsertQueue(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async function queued<T>(work: () => Promise<T>): Promise<T> {
    if (running < max) running++;
    // The slot is handed over by release(): `running` stays counted while it passes to the next in line.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
}
