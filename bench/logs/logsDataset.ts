import type { LogLevel } from '@kelvin/contract';
import type { DeviceLogEntry } from '../../apps/server/src/platform/timeseries/deviceLogStore.ts';

/**
 * A fleet's month of device logs, the same on every run (seeded): 200 units, one of them chatty (debug logging
 * left on: a fifth of all records), levels weighted as agents send them (mostly DEBUG and INFO), messages from the
 * demo's kinds of line with their numbers varying, and a rare serial number in about one record in 200,000.
 */
export const DATASET = {
  units: 200,
  chattyUnit: 1,
  chattyShare: 0.2,
  days: 30,
  rareToken: 'KT19-RARE-4711',
  rareEvery: 200_000,
} as const;

const DAY_MS = 86_400_000;

/** mulberry32: small, fast and good enough to spread test data. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const LEVELS: readonly [LogLevel, number][] = [
  ['TRACE', 0.005],
  ['DEBUG', 0.5],
  ['INFO', 0.35],
  ['WARN', 0.1],
  ['ERROR', 0.04],
  ['FATAL', 0.005],
];

type Line = (n: number) => { source: string; message: string };
const LINES: readonly Line[] = [
  (n) => ({ source: 'modbus', message: `Poll cycle read 198 registers in ${250 + (n % 400)} ms` }),
  (n) => ({
    source: 'modbus',
    message: `Slow response from holding register ${40_001 + (n % 900)}: 1.${n % 9} s (retry 1 of 3)`,
  }),
  (n) => ({
    source: 'modbus',
    message: `Modbus timeout reading holding register ${40_001 + (n % 900)} (retry ${1 + (n % 3)} of 3)`,
  }),
  (n) => ({
    source: `compressor.${1 + (n % 4)}`,
    message: `Compressor ${1 + (n % 4)} state: Running → ${n % 2 ? 'Off' : 'Stopping'}`,
  }),
  (n) => ({ source: `fan.${1 + (n % 6)}`, message: `Fan ${1 + (n % 6)} speed set to ${50 + (n % 50)} %` }),
  (n) => ({
    source: 'controller',
    message: `Hourly summary: supply air 18.${n % 10} °C, return air 29.${n % 10} °C, return humidity 4${n % 10} %RH`,
  }),
  (n) => ({
    source: 'controller',
    message: `Supply air temperature setpoint changed from 18 °C to 1${n % 10}.5 °C (remote command)`,
  }),
  (n) => ({
    source: 'alarm',
    message: `Alarm ${[101, 103, 201, 301, 401, 701][n % 6]} raised: ${['High supply air temperature', 'High return air temperature', 'High return humidity', 'Compressor high discharge pressure', 'Fan failure', 'Filter clogged'][n % 6]}`,
  }),
  (n) => ({
    source: 'agent',
    message: `Communication with unit controller restored after ${n % 8} min ${n % 60} s`,
  }),
  (n) => ({ source: 'humidifier', message: `Humidifier cylinder conductivity ${400 + (n % 500)} µS/cm` }),
];

/** The records in arrival order (time-ordered, units interleaved), `batch` at a time. */
export function* logBatches(total: number, end: number, batch: number): Generator<DeviceLogEntry[]> {
  const random = seeded(11);
  const start = end - DATASET.days * DAY_MS;
  const step = (end - start) / total;
  for (let offset = 0; offset < total; offset += batch) {
    const entries: DeviceLogEntry[] = [];
    for (let index = offset; index < Math.min(total, offset + batch); index++) {
      const assetId =
        random() < DATASET.chattyShare ? DATASET.chattyUnit : 2 + Math.floor(random() * (DATASET.units - 1));
      let pick = random();
      const level = LEVELS.find(([, weight]) => (pick -= weight) < 0)?.[0] ?? 'INFO';
      const n = Math.floor(random() * 1_000_000);
      const line = (LINES[n % LINES.length] ?? LINES[0])?.(n) ?? { source: 'agent', message: 'Started' };
      const rare = index % DATASET.rareEvery === DATASET.rareEvery / 2;
      entries.push({
        // Every other rare record is the chatty unit's, so that its month holds a few to find.
        assetId: rare && Math.floor(index / DATASET.rareEvery) % 2 === 0 ? DATASET.chattyUnit : assetId,
        ts: Math.floor(start + index * step),
        level,
        source: line.source,
        message: rare ? `${line.message}; unit serial ${DATASET.rareToken}` : line.message,
        fields: n % 3 === 0 ? { code: n % 1000, retry: n % 3 === 0 } : {},
      });
    }
    yield entries;
  }
}
