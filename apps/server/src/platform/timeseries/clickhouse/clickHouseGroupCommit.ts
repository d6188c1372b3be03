/**
 * Group commit by key: while a group of one key is being written, what arrives for that key waits and goes out
 * together as the next group (up to `maxItems`). Keys are written independently of one another; within a
 * process, one group per key at a time. Each caller gets its own item's result, or the group's failure.
 */
export function createGroupCommit<T, R>(
  write: (key: string, items: readonly T[]) => Promise<readonly R[]>,
  maxItems: number,
): (key: string, item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>();
  const writing = new Set<string>();

  const next = (key: string) => {
    const queue = queues.get(key);
    if (writing.has(key) || !queue || queue.length === 0) return;
    const group = queue.splice(0, maxItems);
    writing.add(key);
    write(
      key,
      group.map((waiting) => waiting.item),
    )
      .then(
        (results) => {
          group.forEach((waiting, index) => {
            const result = results[index];
            if (result === undefined) waiting.reject(new Error('The group commit returned too few results'));
            else waiting.resolve(result);
          });
        },
        (error: unknown) => {
          for (const waiting of group) waiting.reject(error);
        },
      )
      .finally(() => {
        writing.delete(key);
        if (queue.length === 0) queues.delete(key);
        next(key);
      });
  };

  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const queue = queues.get(key) ?? [];
      queues.set(key, queue);
      queue.push({ item, resolve, reject });
      next(key);
    });
}
