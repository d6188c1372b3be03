import { z } from 'zod';
import { percentile } from '../timeseries/measure.ts';

/** What the load saw between two samples (loadProcess.ts); sent to the bench over IPC. */
export const loadSampleSchema = z.object({
  pointsAcked: z.number(),
  /** First attempt → acknowledgement of each batch, ms (a batch sent again counts its whole wait). */
  ackMs: z.array(z.number()),
  /** Batches sent again after a server failure (a killed process's answer, a 502). */
  ingestRetries: z.number(),
  /** Batches refused, or never acknowledged after every attempt. */
  ingestErrors: z.number(),
  chartMs: z.array(z.number()),
  /** Chart requests asked again after failing on the way (the console's query client does so). */
  chartRetries: z.number(),
  chartErrors: z.number(),
  liveUpdates: z.number(),
  /** Each fresh update's age on arrival at a viewer: its timestamp (the agent's clock as it sent) to arrival. */
  sensorToSocketMs: z.array(z.number()),
  liveDisconnects: z.number(),
  /** Disconnect → connected and subscribed again, per viewer that lost its connection. */
  reconnectMs: z.array(z.number()),
  liveErrors: z.number(),
  notes: z.array(z.string()),
});
export type LoadSample = z.infer<typeof loadSampleSchema>;

export function emptyLoadSample(): LoadSample {
  return {
    pointsAcked: 0,
    ackMs: [],
    ingestRetries: 0,
    ingestErrors: 0,
    chartMs: [],
    chartRetries: 0,
    chartErrors: 0,
    liveUpdates: 0,
    sensorToSocketMs: [],
    liveDisconnects: 0,
    reconnectMs: [],
    liveErrors: 0,
    notes: [],
  };
}

export const loadMessageSchema = z.union([
  z.literal('ready'),
  z.object({ type: z.literal('sample'), sample: loadSampleSchema }),
  z.object({ type: z.literal('acked'), acked: z.record(z.string(), z.array(z.number())) }),
]);

/** p50 and p99 of unsorted figures. */
export function p50p99(values: readonly number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  return [percentile(sorted, 0.5), percentile(sorted, 0.99)];
}
