import type { OverrideTypeName } from '@kelvin/contract';

/** One accepted reading, as ingestion hands it on after it is durable. */
export interface IngestedValue {
  assetId: number;
  metricId: number;
  /** Numbers, booleans and strings; null for an explicit empty reading. */
  value: number | string | boolean | null;
  /** Epoch milliseconds. */
  timestamp: number;
  status: number;
  units: string | null;
  /** Who forces the value; absent means NONE (most readings). */
  overrideType?: OverrideTypeName | undefined;
}

export type IngestedValuesListener = (values: readonly IngestedValue[]) => void;

/**
 * Where ingestion announces what it stored. The last-value table and the live fan-out listen here. The
 * in-process bus reaches listeners of this process; a Redis-backed bus (REDIS_URL) reaches every process.
 */
export interface TelemetryBus {
  /** Called by ingestion after the batch is durable; listeners run after the call returns. */
  publish(values: readonly IngestedValue[]): void;
  /** Returns a function that removes the listener. */
  subscribe(listener: IngestedValuesListener): () => void;
  close(): Promise<void>;
}

export function createInProcessTelemetryBus(): TelemetryBus {
  const listeners = new Set<IngestedValuesListener>();
  return {
    publish(values) {
      if (values.length === 0) return;
      // Deferred so that a slow listener never holds up the ingestion request that published.
      queueMicrotask(() => {
        for (const listener of listeners) listener(values);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}
