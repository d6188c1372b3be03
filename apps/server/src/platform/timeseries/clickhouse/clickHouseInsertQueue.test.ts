import { describe, expect, it } from 'vitest';
import { createInsertQueue } from './clickHouseInsertQueue.ts';

describe('insert queue', () => {
  it('runs at most max at once, the rest in the order they came, and frees a slot when one fails', async () => {
    const queued = createInsertQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const work = (id: number, fail = false) =>
      queued(async () => {
        running++;
        most = Math.max(most, running);
        order.push(id);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        if (fail) throw new Error(`work ${id} failed`);
        return id;
      });
    const results = [work(1, true), work(2), work(3), work(4)].map((promise) =>
      promise.then(
        (value) => `ok ${value}`,
        (error: unknown) => (error instanceof Error ? error.message : 'failed'),
      ),
    );
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    while (gates.length > 0 || order.length < 4) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(results)).toEqual(['work 1 failed', 'ok 2', 'ok 3', 'ok 4']);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});
