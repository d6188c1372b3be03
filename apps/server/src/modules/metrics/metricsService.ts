import { asc, eq, inArray, and } from 'drizzle-orm';
import { z } from 'zod';
import { coreEnumLabel, isCoreEnumName } from '@kelvin/domain';
import {
  coreEnumSchema,
  metricDisplayTypes,
  metricValueTypes,
  type Metric,
  type OutputOf,
  type metricsEndpoints,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetMetrics, assets, coreEnums, metricEnums, metrics } from '../../platform/db/schema.ts';
import { assetVisibility, filterVisible } from '../access/assetAccess.ts';

export const METRICS_READ = 'metrics:read';

// jsonb columns come back as unknown; these schemas turn them into the contract's shapes (or fail loudly).
const enumValues = z.record(z.string(), z.string());
const metadataSchema = z.record(z.string(), z.unknown());
const actionsSchema = z.array(z.enum(['override', 'set']));
const displayTypeSchema = z.enum(metricDisplayTypes);
const valueTypeSchema = z.enum(metricValueTypes);
const coreEnumValues = z.array(coreEnumSchema.shape.values.element.omit({ label: true }));

/** The catalogue, each enum metric with its value → label map inline (the console renders labels from it). */
export async function listMetrics(db: DbOrTx, auth: AuthContext): Promise<Metric[]> {
  requirePermission(auth, METRICS_READ);
  return catalogueMetrics(db);
}

/** One metric of the catalogue in the contract's shape, or undefined when there is none with the id. */
export async function findCatalogueMetric(db: DbOrTx, metricId: number): Promise<Metric | undefined> {
  const [metric] = await catalogueMetrics(db, metricId);
  return metric;
}

async function catalogueMetrics(db: DbOrTx, metricId?: number): Promise<Metric[]> {
  const rows = await db
    .select({ metric: metrics, enumValues: metricEnums.values })
    .from(metrics)
    .leftJoin(metricEnums, eq(metricEnums.metricEnumId, metrics.metricEnumId))
    .where(metricId === undefined ? undefined : eq(metrics.metricId, metricId))
    .orderBy(asc(metrics.metricId));
  return rows.map(({ metric, enumValues: values }) => ({
    metricId: metric.metricId,
    alias: metric.alias,
    name: metric.name,
    displayType: displayTypeSchema.parse(metric.displayType),
    valueType: valueTypeSchema.parse(metric.valueType),
    metricEnumId: metric.metricEnumId,
    enumMap: values === null ? null : enumValues.parse(values),
    parentAlias: metric.parentAlias,
    path: metric.path,
    units: metric.units,
    metadata: metadataSchema.parse(metric.metadata),
    actionsPermitted: actionsSchema.parse(metric.actionsPermitted),
  }));
}

export async function listMetricEnums(
  db: DbOrTx,
  auth: AuthContext,
): Promise<OutputOf<typeof metricsEndpoints.metricEnumsList>> {
  requirePermission(auth, METRICS_READ);
  const rows = await db.select().from(metricEnums).orderBy(asc(metricEnums.metricEnumId));
  return rows.map((row) => ({
    metricEnumId: row.metricEnumId,
    name: row.name,
    values: enumValues.parse(row.values),
  }));
}

/** Reference data every signed-in user may read (ticket severities and the like); no permission needed. */
export async function listCoreEnums(
  db: DbOrTx,
  enumName: string | undefined,
): Promise<OutputOf<typeof metricsEndpoints.coreEnumsList>> {
  const rows = await db
    .select()
    .from(coreEnums)
    .where(enumName === undefined ? undefined : eq(coreEnums.enumName, enumName))
    .orderBy(asc(coreEnums.coreEnumId));
  return rows.map((row) => ({
    coreEnumId: row.coreEnumId,
    enumName: row.enumName,
    values: coreEnumValues.parse(row.values).map((entry) => ({
      ...entry,
      label: coreEnumLabel(entry.key, isCoreEnumName(row.enumName) ? row.enumName : undefined),
    })),
  }));
}

/** Visible, undeleted assets among `assetIds`, in the order asked; others are left out silently. */
export async function visibleAssetIds(
  db: DbOrTx,
  auth: AuthContext,
  assetIds: readonly number[],
  permission = METRICS_READ,
): Promise<{ visible: number[]; missing: number[] }> {
  const visibility = await assetVisibility(db, auth, permission);
  // The contract bounds every id to MAX_ID, so each is a valid integer for PostgreSQL.
  const unique = [...new Set(assetIds)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({ assetId: assets.assetId, companyId: assets.companyId })
          .from(assets)
          .where(and(inArray(assets.assetId, unique), eq(assets.isDeleted, false)));
  const allowed = new Set(filterVisible(visibility, rows).map((row) => row.assetId));
  return {
    visible: assetIds.filter((id) => allowed.has(id)),
    missing: assetIds.filter((id) => !allowed.has(id)),
  };
}

/** The metrics each visible asset has reported (asset_metrics, kept by ingestion). */
export async function listAssetMetrics(
  db: DbOrTx,
  auth: AuthContext,
  assetIds: readonly number[],
): Promise<OutputOf<typeof metricsEndpoints.assetMetricsList>> {
  const { visible } = await visibleAssetIds(db, auth, assetIds);
  const unique = [...new Set(visible)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ assetId: assetMetrics.assetId, metricId: assetMetrics.metricId })
    .from(assetMetrics)
    .where(inArray(assetMetrics.assetId, unique))
    .orderBy(asc(assetMetrics.assetId), asc(assetMetrics.metricId));
  const byAsset = new Map<number, number[]>(unique.map((id) => [id, []]));
  for (const row of rows) byAsset.get(row.assetId)?.push(row.metricId);
  return unique.map((assetId) => ({ assetId, metricIds: byAsset.get(assetId) ?? [] }));
}
