import { dbId } from './common.ts';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { overrideTypeSchema } from './metricValues.ts';

export const INGEST_MAX_POINTS = 50_000;

export const ingestPointSchema = z
  .strictObject({
    assetId: dbId,
    alias: z.string().min(1).max(300).optional(),
    metricId: dbId.optional(),
    /** Epoch milliseconds. */
    ts: z.number().int().min(0),
    value: z.union([z.number(), z.boolean(), z.string().max(1000), z.null()]),
    status: z.number().int().optional(),
    units: z.string().max(30).optional(),
    /** Who forces the value, when it is forced: an agent reports USER for a value a console user overrode. */
    overrideType: overrideTypeSchema.optional(),
  })
  .refine((point) => point.alias !== undefined || point.metricId !== undefined, {
    message: 'Each point needs an alias or a metricId',
  });
export type IngestPoint = z.infer<typeof ingestPointSchema>;

export const ingestResultSchema = z.object({
  batchId: z.string(),
  /** True when this batch id was already stored: nothing was written again. */
  duplicate: z.boolean(),
  accepted: z.number().int(),
  /** Points that cannot be stored, with the reason; the rest of the batch is stored. */
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});

export const telemetryEndpoints = {
  telemetryIngest: endpoint({
    name: 'telemetry.ingest',
    method: 'POST',
    path: '/telemetry.ingest',
    summary:
      'Stores a batch of up to 50,000 points (JSON, optionally gzip-encoded) from an agent key (header x-agent-key) or a user with telemetry:write. Acknowledged once durable; a repeated batchId stores nothing twice.',
    auth: 'agentOrUser',
    itemsCheckedByHandler: 'points',
    body: z.strictObject({
      batchId: z.string().min(8).max(100).optional(),
      points: z
        .array(z.unknown())
        .min(1)
        .max(INGEST_MAX_POINTS, `A batch holds at most ${INGEST_MAX_POINTS} points`),
    }),
    output: ingestResultSchema,
  }),
};
