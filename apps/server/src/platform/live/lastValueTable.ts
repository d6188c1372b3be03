import type { OverrideTypeName } from '@kelvin/contract';
import type { IngestedValue, TelemetryBus } from '../events/telemetryBus.ts';

export type MetricValueType = 'string' | 'number' | 'boolean';

/**
 * One cell of the table, already in the shape `assets/metrics/lastValue` answers, so that a read of 200,000
 * cells copies references instead of building objects. Cells are replaced, never changed in place.
 */
export interface LastValue {
  value: number | string | boolean | null;
  /** Epoch milliseconds. */
  timestamp: number;
  metadata: {
    type: MetricValueType;
    value: number | string | boolean | null;
    status: number;
    units: string | null;
    overrideType: OverrideTypeName;
  };
}

/** metricId → assetId → last value, as the contract's `lastValues` output. */
export type LastValuesAnswer = Record<string, Record<string, LastValue>>;

export interface LastValueQuery {
  assetIds: readonly number[];
  /** Only these metrics; all of each asset's metrics when absent. */
  metricIds?: readonly number[] | undefined;
  /** Only values whose status is one of these. */
  metricStatuses?: readonly number[] | undefined;
}

export type AcceptedValuesListener = (values: readonly IngestedValue[]) => void;

/**
 * The newest value of every asset and metric, in memory (DESIGN section 4). Fed by the telemetry bus; an
 * older value arriving late never replaces a newer one, so every process converges on the same table whatever
 * order its bus delivers batches in.
 */
export interface LastValueTable {
  /** Applies readings; answers the ones that became current (newer than what the table held). */
  apply(values: readonly IngestedValue[]): IngestedValue[];
  /**
   * Fills the table from the store at startup: a stored reading only fills a cell that is empty or strictly
   * older, so that a reading the bus delivered during the warm-up is never replaced by its own stored copy or an
   * older one. Listeners are not told (nothing changed for anyone). Answers how many cells it filled.
   */
  warm(values: readonly IngestedValue[]): number;
  get(assetId: number, metricId: number): LastValue | undefined;
  read(query: LastValueQuery): LastValuesAnswer;
  /** The newest timestamp of any metric of each asset; assets never heard from are absent. */
  lastSeen(assetIds: readonly number[]): Map<number, number>;
  /** Listeners hear what `apply` accepted: the live fan-out sends only values that are current. */
  onAccepted(listener: AcceptedValuesListener): () => void;
  /** Feeds the table from a bus; returns the unsubscribe function. */
  attach(bus: TelemetryBus): () => void;
  readonly size: number;
}

interface AssetRow {
  metrics: Map<number, LastValue>;
  newest: number;
}

/**
 * metadata.type is the value's JS type. An explicit empty reading (null) has none: it keeps the type of the
 * value it replaces, or 'number', the type of nearly every cooling metric, when the path had no value yet.
 */
function metadataType(value: IngestedValue['value'], previous: LastValue | undefined): MetricValueType {
  if (value === null) return previous?.metadata.type ?? 'number';
  return typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
}

export function toLastValue(reading: IngestedValue, previous?: LastValue): LastValue {
  return {
    value: reading.value,
    timestamp: reading.timestamp,
    metadata: {
      type: metadataType(reading.value, previous),
      value: reading.value,
      status: reading.status,
      units: reading.units,
      overrideType: reading.overrideType ?? 'NONE',
    },
  };
}

function cellsOf(answer: LastValuesAnswer, metricId: number): Record<string, LastValue> {
  const existing: Record<string, LastValue> | undefined = answer[metricId];
  if (existing) return existing;
  const created: Record<string, LastValue> = {};
  answer[metricId] = created;
  return created;
}

export function createLastValueTable(): LastValueTable {
  const assets = new Map<number, AssetRow>();
  const listeners = new Set<AcceptedValuesListener>();
  let size = 0;

  /** Sets a cell unless it holds something newer (or, with `replaceEqual` false, as new); true when set. */
  function put(reading: IngestedValue, replaceEqual: boolean): boolean {
    let row = assets.get(reading.assetId);
    if (!row) {
      row = { metrics: new Map(), newest: reading.timestamp };
      assets.set(reading.assetId, row);
    }
    const previous = row.metrics.get(reading.metricId);
    const keep =
      previous &&
      (replaceEqual ? previous.timestamp > reading.timestamp : previous.timestamp >= reading.timestamp);
    if (keep) return false;
    if (!previous) size++;
    row.metrics.set(reading.metricId, toLastValue(reading, previous));
    if (reading.timestamp > row.newest) row.newest = reading.timestamp;
    return true;
  }

  function apply(values: readonly IngestedValue[]): IngestedValue[] {
    // Equal timestamps replace: a corrected re-send of the same reading wins over the first.
    const accepted = values.filter((reading) => put(reading, true));
    if (accepted.length > 0) for (const listener of listeners) listener(accepted);
    return accepted;
  }

  function read({ assetIds, metricIds, metricStatuses }: LastValueQuery): LastValuesAnswer {
    const answer: LastValuesAnswer = {};
    const statuses = metricStatuses ? new Set(metricStatuses) : null;
    for (const assetId of new Set(assetIds)) {
      const row = assets.get(assetId);
      if (!row) continue;
      const assetKey = String(assetId);
      // Walk whichever side is smaller: a few metrics of many assets, or every metric of a few.
      if (metricIds) {
        for (const metricId of metricIds) {
          const cell = row.metrics.get(metricId);
          if (cell && (!statuses || statuses.has(cell.metadata.status))) {
            cellsOf(answer, metricId)[assetKey] = cell;
          }
        }
      } else {
        for (const [metricId, cell] of row.metrics) {
          if (!statuses || statuses.has(cell.metadata.status)) cellsOf(answer, metricId)[assetKey] = cell;
        }
      }
    }
    return answer;
  }

  return {
    apply,
    warm: (values) => values.reduce((filled, reading) => filled + (put(reading, false) ? 1 : 0), 0),
    read,
    get: (assetId, metricId) => assets.get(assetId)?.metrics.get(metricId),
    lastSeen(assetIds) {
      const seen = new Map<number, number>();
      for (const assetId of assetIds) {
        const row = assets.get(assetId);
        if (row) seen.set(assetId, row.newest);
      }
      return seen;
    },
    onAccepted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(bus) {
      return bus.subscribe((values) => {
        apply(values);
      });
    },
    get size() {
      return size;
    },
  };
}
