import { inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { metrics } from '../../platform/db/schema.ts';

/** What ingestion needs of a metric: its id, its value type (to refuse text for numbers) and default units. */
export interface CatalogueMetric {
  metricId: number;
  alias: string;
  valueType: string;
  units: string | null;
}

export interface CatalogueLookup {
  byAlias: ReadonlyMap<string, CatalogueMetric>;
  byId: ReadonlyMap<number, CatalogueMetric>;
}

export interface MetricCatalogueCache {
  /** The requested metrics that exist; misses are looked up in the database before being called unknown. */
  lookup(request: { aliases: readonly string[]; metricIds: readonly number[] }): Promise<CatalogueLookup>;
}

/**
 * Every batch names the same few hundred aliases, so they are kept in memory. A miss queries just the missing
 * names (a unique-index lookup), so a metric created a moment ago is found at once; the whole cache is dropped
 * every few minutes so that edited units reach ingestion too.
 */
const CACHE_TTL_MS = 5 * 60_000;

export function createMetricCatalogueCache(db: DbOrTx): MetricCatalogueCache {
  let byAlias = new Map<string, CatalogueMetric>();
  let byId = new Map<number, CatalogueMetric>();
  let loadedAt = Date.now();

  const remember = (metric: CatalogueMetric): void => {
    byAlias.set(metric.alias, metric);
    byId.set(metric.metricId, metric);
  };

  return {
    async lookup({ aliases, metricIds }) {
      if (Date.now() - loadedAt > CACHE_TTL_MS) {
        byAlias = new Map();
        byId = new Map();
        loadedAt = Date.now();
      }
      const missingAliases = aliases.filter((alias) => !byAlias.has(alias));
      // Ids arrive validated by the contract (at most MAX_ID), so PostgreSQL accepts every one of them.
      const missingIds = metricIds.filter((id) => !byId.has(id));
      if (missingAliases.length > 0 || missingIds.length > 0) {
        const conditions = [
          ...(missingAliases.length > 0 ? [inArray(metrics.alias, missingAliases)] : []),
          ...(missingIds.length > 0 ? [inArray(metrics.metricId, missingIds)] : []),
        ];
        const rows = await db
          .select({
            metricId: metrics.metricId,
            alias: metrics.alias,
            valueType: metrics.valueType,
            units: metrics.units,
          })
          .from(metrics)
          .where(or(...conditions));
        rows.forEach(remember);
      }
      return { byAlias, byId };
    },
  };
}
