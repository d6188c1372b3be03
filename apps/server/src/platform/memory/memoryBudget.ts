/**
 * How the process's memory budget (`KELVIN_MEMORY_MB`) is shared out. One number bounds the server: the parts
 * that grow with load (DuckDB's buffer manager, the chart series caches, the points an upload keeps between its
 * passes) each get a share of it, and what is left is for Node itself (heap, sockets, PGlite's WebAssembly
 * memory), which does not grow with the fleet.
 */
export interface MemoryBudget {
  totalMb: number;
  /** DuckDB's `memory_limit`: past it, DuckDB spills to disk (or fails a query) rather than growing. */
  duckdbMemoryLimitMb: number;
  /** DuckDB's worker threads: each holds buffers of its own, so fewer when memory is small. */
  duckdbThreads: number;
  /** The raw and hour series caches together (rawSeriesCache.ts, rollupSeriesCache.ts). */
  seriesCacheBytes: number;
  /** Resolved points an upload keeps from its checking pass (processUpload.ts); past it, the file is read twice. */
  uploadMemoryPoints: number;
}

/**
 * Node itself (heap, request bodies, sockets) and PGlite: about 440 MB resident idle, and up to 700 MB beyond the
 * shares below under bench/soak.ts (20,000 points/s, charts, 50 live clients).
 */
export const PROCESS_RESERVE_MB = 768;
/** The smallest budget the soak stays under: with the shares of 1,280 MB it peaked at 1,144 MB. */
export const MIN_MEMORY_MB = 1280;
/** A 2-core, 24 GB machine that also runs PostgreSQL and the browser tests: a twelfth of it. */
export const DEFAULT_MEMORY_MB = 2048;

const DUCKDB_SHARE = 0.5;
const SERIES_CACHE_SHARE = 0.35;
const UPLOAD_SHARE = 0.15;
/** DuckDB's advice is at least 125 MB a thread for aggregations; a thread per 256 MB leaves room for joins. */
const DUCKDB_MB_PER_THREAD = 256;
/** A ResolvedPoint in V8: an object of six fields, two boxed doubles and its slot in the chunk array. */
export const BYTES_PER_RESOLVED_POINT = 128;

const MB = 1024 * 1024;

/** The shares of `totalMb` on a machine with `cores` cores. Throws a RangeError below MIN_MEMORY_MB. */
export function splitMemoryBudget(totalMb: number, cores: number): MemoryBudget {
  if (!Number.isInteger(totalMb) || totalMb < MIN_MEMORY_MB) {
    throw new RangeError(`The memory budget must be a whole number of at least ${MIN_MEMORY_MB} MB.`);
  }
  const growable = totalMb - PROCESS_RESERVE_MB;
  const duckdbMemoryLimitMb = Math.floor(growable * DUCKDB_SHARE);
  const threadsForMemory = Math.floor(duckdbMemoryLimitMb / DUCKDB_MB_PER_THREAD);
  return {
    totalMb,
    duckdbMemoryLimitMb,
    duckdbThreads: Math.max(1, Math.min(Math.max(1, cores), threadsForMemory)),
    seriesCacheBytes: Math.floor(growable * SERIES_CACHE_SHARE * MB),
    uploadMemoryPoints: Math.floor((growable * UPLOAD_SHARE * MB) / BYTES_PER_RESOLVED_POINT),
  };
}
