import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './clickHouseGroupCommit.ts';

describe('group commit', () => {
  it('writes what arrives while a group of its key is written as the next group, keys side by side', async () => {
    const groups: string[] = [];
    const gates: (() => void)[] = [];
    const commit = createGroupCommit<number, string>(async (key, items) => {
      groups.push(`${key}:${items.join(',')}`);
      await new Promise<void>((resolve) => gates.push(resolve));
      if (items.includes(13)) throw new Error('unlucky');
      return items.map((item) => `${key}${item}`);
    }, 3);
    const settle = (promise: Promise<string>) =>
      promise.then(
        (value) => value,
        (error: unknown) => (error instanceof Error ? error.message : 'failed'),
      );
    const first = settle(commit('a', 1));
    const others = [2, 3, 4, 5, 13].map((item) => settle(commit('a', item)));
    const other = settle(commit('b', 9));
    expect(groups).toEqual(['a:1', 'b:9']);
    while (gates.length > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(groups).toEqual(['a:1', 'b:9', 'a:2,3,4', 'a:5,13']);
    expect(await first).toBe('a1');
    expect(await other).toBe('b9');
    expect(await Promise.all(others)).toEqual(['a2', 'a3', 'a4', 'unlucky', 'unlucky']);
  });
});
