import { z } from 'zod';
import { DEMO_METRICS } from './metricCatalogue.ts';

/**
 * The simulator's settings, read from the environment here rather than in config.ts: they matter only to the demo,
 * and a bad value should say which variable is wrong, as config.ts does.
 */
const environmentSchema = z.object({
  KELVIN_SIMULATOR: z.enum(['true', 'false', '1', '0']).default('true'),
  KELVIN_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(10_000),
  KELVIN_SIMULATOR_METRICS_PER_UNIT: z.coerce.number().int().min(1).max(DEMO_METRICS.length).default(200),
  /** How many units get 24 h of 1-minute history on the first start, so charts have something to show. */
  KELVIN_SIMULATOR_BACKFILL_UNITS: z.coerce.number().int().min(0).max(100).default(4),
  /** How the demo agents send: the HTTP ingestion calls, or the MQTT broker of MQTT_URL. */
  KELVIN_SIMULATOR_TRANSPORT: z.enum(['http', 'mqtt']).default('http'),
});

export interface SimulatorOptions {
  enabled: boolean;
  intervalMs: number;
  metricsPerUnit: number;
  backfillUnits: number;
  transport: 'http' | 'mqtt';
}

export function simulatorOptionsFrom(environment: NodeJS.ProcessEnv = process.env): SimulatorOptions {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') ?? 'KELVIN_SIMULATOR*'}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  return {
    enabled: e.KELVIN_SIMULATOR === 'true' || e.KELVIN_SIMULATOR === '1',
    intervalMs: e.KELVIN_SIMULATOR_INTERVAL_MS,
    metricsPerUnit: e.KELVIN_SIMULATOR_METRICS_PER_UNIT,
    backfillUnits: e.KELVIN_SIMULATOR_BACKFILL_UNITS,
    transport: e.KELVIN_SIMULATOR_TRANSPORT,
  };
}
