import { dbId } from './common.ts';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { overrideTypeSchema } from './metricValues.ts';

export const INGEST_MAX_POINTS = 50_000;

/** A reading's status: stored as a 32-bit integer, so a larger one is refused rather than wrapped. */
const statusSchema = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);

export const ingestPointSchema = z
  .strictObject({
    assetId: dbId,
    alias: z.string().min(1).max(300).optional(),
    metricId: dbId.optional(),
    /** Epoch milliseconds. */
    ts: z.number().int().min(0),
    value: z.union([z.number(), z.boolean(), z.string().max(1000), z.null()]),
    status: statusSchema.optional(),
    units: z.string().max(30).optional(),
    /** Who forces the value, when it is forced: an agent reports USER for a value a console user overrode. */
    overrideType: overrideTypeSchema.optional(),
  })
  .refine((point) => point.alias !== undefined || point.metricId !== undefined, {
    message: 'Each point needs an alias or a metricId',
  });
export type IngestPoint = z.infer<typeof ingestPointSchema>;

/**
 * One series of a batch in columns: what an agent that samples many metrics sends most cheaply. `ts` and `values`
 * pair up by position; everything else applies to every value. The server reads it with a fraction of the work
 * a point object costs (no keys to parse, one check and one catalogue look-up a series).
 */
const ingestSeriesHeader = {
  assetId: dbId,
  alias: z.string().min(1).max(300).optional(),
  metricId: dbId.optional(),
  status: statusSchema.optional(),
  units: z.string().max(30).optional(),
  overrideType: overrideTypeSchema.optional(),
};
/** A series without its columns: what the server checks with the schema (the columns it checks in a loop). */
export const ingestSeriesHeaderSchema = z.strictObject(ingestSeriesHeader);
export const ingestSeriesSchema = z
  .strictObject({
    ...ingestSeriesHeader,
    /** Epoch milliseconds, one a value. */
    ts: z.array(z.number().int().min(0)).min(1),
    values: z.array(z.union([z.number(), z.boolean(), z.string().max(1000), z.null()])).min(1),
  })
  .refine((series) => series.alias !== undefined || series.metricId !== undefined, {
    message: 'Each series needs an alias or a metricId',
  })
  .refine((series) => series.ts.length === series.values.length, {
    message: 'ts and values must be of the same length',
  });
export type IngestSeries = z.infer<typeof ingestSeriesSchema>;

export const ingestResultSchema = z.object({
  batchId: z.string(),
  /** True when this batch id was already stored: nothing was written again. */
  duplicate: z.boolean(),
  accepted: z.number().int(),
  /** Points that cannot be stored, with the reason; the rest of the batch is stored. */
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
  /** Series (by position in `series`) that cannot be stored, none of their values; the rest is stored. */
  rejectedSeries: z.array(z.object({ index: z.number().int(), reason: z.string() })).optional(),
});

export const telemetryEndpoints = {
  telemetryIngest: endpoint({
    name: 'telemetry.ingest',
    method: 'POST',
    path: '/telemetry.ingest',
    summary:
      'Stores a batch of up to 50,000 points (JSON, optionally gzip-encoded) from an agent key (header x-agent-key) or a user with telemetry:write, as point objects (`points`), as series in columns (`series`, the cheaper to send and to store), or both. Acknowledged once durable; a repeated batchId stores nothing twice.',
    auth: 'agentOrUser',
    itemsCheckedByHandler: ['points', 'series'],
    body: z
      .strictObject({
        batchId: z.string().min(8).max(100).optional(),
        points: z
          .array(z.unknown())
          .min(1)
          .max(INGEST_MAX_POINTS, `A batch holds at most ${INGEST_MAX_POINTS} points`)
          .optional(),
        series: z
          .array(z.unknown())
          .min(1)
          .max(INGEST_MAX_POINTS, `A batch holds at most ${INGEST_MAX_POINTS} points`)
          .optional(),
      })
      .refine((body) => body.points !== undefined || body.series !== undefined, {
        message: 'A batch needs points or series',
        path: ['points'],
      }),
    output: ingestResultSchema,
  }),
};
