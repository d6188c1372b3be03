import { z } from 'zod';
import { commaSeparatedIds, dbId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { overrideTypeSchema } from './metricValues.ts';

export const metricDisplayTypes = ['cpu', 'uptime', 'step', 'line', 'enum', 'semantic_version'] as const;
export const metricValueTypes = ['enum', 'boolean', 'string', 'number'] as const;
export const aggregations = ['AVERAGE', 'MAX', 'MIN', 'COUNT', 'STDDEV', 'RAW'] as const;
export const aggregationSchema = z.enum(aggregations);

export const metricSchema = z.object({
  metricId: z.number().int(),
  alias: z.string(),
  name: z.string(),
  displayType: z.enum(metricDisplayTypes),
  valueType: z.enum(metricValueTypes),
  metricEnumId: z.number().int().nullable(),
  /** Enum value → label, for enum metrics. */
  enumMap: z.record(z.string(), z.string()).nullable(),
  parentAlias: z.string().nullable(),
  path: z.string(),
  units: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  actionsPermitted: z.array(z.enum(['override', 'set'])),
});
export type Metric = z.infer<typeof metricSchema>;

export const metricEnumSchema = z.object({
  metricEnumId: z.number().int(),
  name: z.string(),
  values: z.record(z.string(), z.string()),
});
export const coreEnumSchema = z.object({
  coreEnumId: z.number().int(),
  enumName: z.string(),
  /** label: the key as a user reads it ('inProgress' → 'In progress'), from the domain's enum labels. */
  values: z.array(z.object({ key: z.string(), value: z.number().int(), label: z.string() })),
});

export const metricValueMetadataSchema = z.object({
  type: z.enum(['string', 'number', 'boolean']),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  status: z.number().int(),
  units: z.string().nullable(),
  overrideType: overrideTypeSchema,
});
export const lastValueSchema = z.object({
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  /** Epoch milliseconds. */
  timestamp: z.number(),
  metadata: metricValueMetadataSchema,
});

/** Spec: interval, per-metric aggregation, from, to; plus `maxPoints` (chart width) for M4 reduction. */
/** Spec: epoch milliseconds, from inclusive, to exclusive. An empty or backward range is both ends' fault. */
function requireOrderedRange(range: { from: number; to: number }, context: z.RefinementCtx): void {
  if (range.to > range.from) return;
  for (const field of ['from', 'to']) {
    context.addIssue({ code: 'custom', message: 'to must be after from', path: [field] });
  }
}

/** Values one export may hold: a day of 2 Hz data for 23 series; past it the request is refused. */
export const TIME_SERIES_EXPORT_MAX_VALUES = 4_000_000;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeSeriesExportRequestSchema = z
  .strictObject({
    assetIds: z.array(dbId).min(1).max(50),
    metricIds: z.array(dbId).min(1).max(200),
    from: z.number().int().min(0),
    to: z.number().int().min(0),
    /** IANA zone of the time column. */
    timeZone: z.string().min(1).max(64).refine(isTimeZone, 'Unknown time zone'),
  })
  .superRefine(requireOrderedRange);

export const timeSeriesRequestSchema = z
  .strictObject({
    /** Bucket width in milliseconds; ignored for RAW. */
    interval: z.number().int().positive(),
    assetIds: z.array(dbId).min(1).max(500),
    metricsWithAggregateFunction: z
      .array(z.strictObject({ metricId: dbId, aggregateFunction: aggregationSchema }))
      .min(1)
      .max(200),
    /** Epoch milliseconds, from inclusive, to exclusive. */
    from: z.number().int().min(0),
    to: z.number().int().min(0),
    maxPoints: z.number().int().min(10).max(10_000).optional(),
    gapFill: z.boolean().default(true),
  })
  .superRefine(requireOrderedRange);

export const dataPointMetadataSchema = z.object({
  status: z.number().int().nullable(),
  isIntervalCheckEmptyValue: z.boolean().optional(),
});
export const timeSeriesSchema = z.object({
  metricId: z.number().int(),
  assetId: z.number().int(),
  assetReadingType: aggregationSchema,
  interval: z.number().int(),
  dataPoints: z.object({
    timestamps: z.array(z.number()),
    values: z.array(z.number().nullable()),
    metadatas: z.array(dataPointMetadataSchema),
  }),
});
export type TimeSeries = z.infer<typeof timeSeriesSchema>;

export const metricsEndpoints = {
  metricsList: endpoint({
    name: 'metrics.list',
    method: 'GET',
    path: '/metrics',
    summary: 'The metric catalogue.',
    auth: 'user',
    output: z.array(metricSchema),
  }),
  metricEnumsList: endpoint({
    name: 'metrics.enums.list',
    method: 'GET',
    path: '/metrics/enums',
    summary: 'Enumerations used by enum metrics, value → label.',
    auth: 'user',
    output: z.array(metricEnumSchema),
  }),
  coreEnumsList: endpoint({
    name: 'coreEnums.list',
    method: 'GET',
    path: '/coreEnums',
    summary: 'Core enumerations (ticket severity, priority…), optionally one by name.',
    auth: 'user',
    query: z.strictObject({ enumName: z.string().optional() }),
    output: z.array(coreEnumSchema),
  }),
  assetMetricsList: endpoint({
    name: 'assets.metrics.list',
    method: 'GET',
    path: '/assets/metrics',
    summary: 'The metric ids each asset reports.',
    auth: 'user',
    query: z.strictObject({ assetIds: commaSeparatedIds }),
    output: z.array(z.object({ assetId: z.number().int(), metricIds: z.array(z.number().int()) })),
  }),
  lastValues: endpoint({
    name: 'assets.metrics.lastValue',
    method: 'POST',
    path: '/assets/metrics/lastValue',
    summary: 'Latest value per metric and asset, keyed by metric id then asset id.',
    auth: 'user',
    body: z.strictObject({
      metricIds: z.array(dbId).max(5000).optional(),
      assetIds: z.array(dbId).min(1).max(5000),
      metricStatuses: z.array(z.number().int()).optional(),
    }),
    output: z.record(z.string(), z.record(z.string(), lastValueSchema)),
  }),
  timeSeriesGet: endpoint({
    name: 'assets.metrics.timeseries.get',
    method: 'POST',
    path: '/assets.metrics.timeseries.get',
    summary:
      'Aggregated or raw series per asset and metric. RAW only for ranges up to 24 h; maxPoints reduces each series by M4.',
    auth: 'user',
    body: timeSeriesRequestSchema,
    output: z.array(timeSeriesSchema),
  }),
  timeSeriesExport: endpoint({
    name: 'assets.metrics.timeseries.export',
    method: 'POST',
    path: '/assets.metrics.timeseries.export',
    summary: `Every raw reading of the given series over the range as CSV, streamed: a time column in the given zone, then a column per asset and metric. Refused past ${TIME_SERIES_EXPORT_MAX_VALUES} values; the x-export-values header tells how many are coming.`,
    auth: 'user',
    responseType: 'csv',
    body: timeSeriesExportRequestSchema,
    output: z.undefined(),
  }),
  timeSeriesRegions: endpoint({
    name: 'assets.metrics.timeseries.regions',
    method: 'GET',
    path: '/assets/metrics/timeseries/regions',
    summary: 'The intervals in which each asset and metric has data.',
    auth: 'user',
    query: z
      .strictObject({
        assetIds: commaSeparatedIds,
        metricIds: commaSeparatedIds,
        from: z.coerce.number().int().min(0),
        to: z.coerce.number().int().min(0),
      })
      .superRefine(requireOrderedRange),
    output: z.array(
      z.object({
        assetId: z.number().int(),
        metricId: z.number().int(),
        regions: z.array(z.object({ from: z.number(), to: z.number() })),
      }),
    ),
  }),
};
