import { gzipSync } from 'node:zlib';
import { NDJSON_HEADER } from './assetDataFormat.ts';

/**
 * The sample upload files in samples/: one hour of readings every 5 minutes for two cooling units of the demo
 * fleet (NW-ASH-A1-01 and -02 of Northwind Data Centers, asset ids 4 and 5 in a freshly seeded demo) and
 * aliases of the demo metric catalogue. Fixed times, so the files are the same on every run.
 */
export const SAMPLE_ASSET_IDS = [4, 5] as const;
export const SAMPLE_START = Date.UTC(2025, 10, 20, 12, 0, 0);
const STEP_MS = 5 * 60_000;
const STEPS = 12;

interface SampleSeries {
  alias: string;
  units: string | null;
  value: (asset: number, step: number) => number | boolean;
}

const SERIES: SampleSeries[] = [
  {
    alias: 'temperature.supplyAir',
    units: '°C',
    value: (asset, step) => round(18 + asset * 0.3 + Math.sin(step / 2) * 0.4),
  },
  {
    alias: 'temperature.returnAir',
    units: '°C',
    value: (asset, step) => round(29 + asset * 0.2 + Math.cos(step / 3) * 0.6),
  },
  { alias: 'humidity.return', units: '%RH', value: (asset, step) => round(44 + ((asset + step) % 4)) },
  { alias: 'alarm.fanFailure', units: null, value: (asset, step) => asset === 1 && step >= 8 && step < 10 },
];

const round = (value: number) => Math.round(value * 100) / 100;

function* samplePoints() {
  for (let step = 0; step < STEPS; step += 1) {
    for (const [index, assetId] of SAMPLE_ASSET_IDS.entries()) {
      for (const series of SERIES) {
        yield {
          assetId,
          alias: series.alias,
          ts: SAMPLE_START + step * STEP_MS,
          value: series.value(index, step),
          units: series.units,
        };
      }
    }
  }
}

export const SAMPLE_POINT_COUNT = STEPS * SAMPLE_ASSET_IDS.length * SERIES.length;

/** CSV with ISO 8601 times, a status column and units where the metric has them. */
export function sampleCsv(): string {
  const lines = ['assetId,alias,ts,value,status,units'];
  for (const point of samplePoints()) {
    lines.push(
      [
        point.assetId,
        point.alias,
        new Date(point.ts).toISOString(),
        String(point.value),
        1,
        point.units ?? '',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** NDJSON with the header line and epoch-millisecond times. */
export function sampleNdjson(): string {
  const lines = [JSON.stringify(NDJSON_HEADER)];
  for (const { units, ...point } of samplePoints()) {
    lines.push(JSON.stringify(units ? { ...point, units } : point));
  }
  return `${lines.join('\n')}\n`;
}

/** gzip output is the same for the same input (Node writes no time stamp), so the committed files are stable. */
export function sampleFiles(): Record<string, Buffer> {
  return {
    'asset-data-sample.csv.gz': gzipSync(sampleCsv()),
    'asset-data-sample.ndjson.gz': gzipSync(sampleNdjson()),
  };
}
