import { openClickHouseStore } from './clickhouse/clickHouseStore.ts';
import { openDuckDbStore } from './duckdb/duckDbStore.ts';
import type { TimeSeriesStore } from './timeSeriesStore.ts';

export interface TimeSeriesStoreConfig {
  /** Scale-out: ClickHouse at this URL. */
  clickhouseUrl?: string | undefined;
  clickhouseDatabase?: string | undefined;
  /** Embedded: DuckDB file in this directory (in memory when absent). */
  duckdbDirectory?: string | undefined;
  /** DuckDB's in-memory series cache for charts, in bytes (0: off). */
  duckdbSeriesCacheBytes?: number | undefined;
  /** DuckDB's memory_limit in MB and its worker threads (DuckDB's own defaults when absent). */
  duckdbMemoryLimitMb?: number | undefined;
  duckdbThreads?: number | undefined;
}

/** Chosen by configuration only (DESIGN section 1): ClickHouse when a URL is set, DuckDB otherwise. */
export function openTimeSeriesStore(config: TimeSeriesStoreConfig): Promise<TimeSeriesStore> {
  if (config.clickhouseUrl) {
    return openClickHouseStore({ url: config.clickhouseUrl, database: config.clickhouseDatabase });
  }
  return openDuckDbStore({
    directory: config.duckdbDirectory,
    seriesCacheBytes: config.duckdbSeriesCacheBytes,
    memoryLimitMb: config.duckdbMemoryLimitMb,
    threads: config.duckdbThreads,
  });
}
