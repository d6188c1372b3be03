/** Runs work one piece at a time, in the order given; a failure rejects its own caller and does not stop the queue. */
export type Serialized = <T>(work: () => Promise<T>) => Promise<T>;

/** The single writer's queue: DuckDB allows one writer transaction on a connection at a time. */
export function createWriterQueue(): Serialized {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work);
    tail = result.catch(() => undefined);
    return result;
  };
}
