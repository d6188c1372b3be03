import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const profileSchema = z.object({
  nodes: z.array(
    z.object({ id: z.number(), callFrame: z.object({ functionName: z.string(), url: z.string() }) }),
  ),
  startTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

/** Now on the clock a V8 CPU profile's timestamps use (monotonic, in µs): the same across processes. */
export const profileClockNow = () => Number(process.hrtime.bigint() / 1000n);

/** Layers of the ingest path, matched on a sampled function's file (first match wins). */
const LAYERS: readonly [string, RegExp][] = [
  ['gzip and body read', /zlib|gzipBody|node:stream|_stream_|raw-body|content-type-parser/],
  ['JSON parse', /JSON|secure-json-parse/],
  ['validation (contract schemas)', /zod|contractRouter|findUnstorable|packages\/contract/],
  [
    'agent key and catalogue look-up',
    /authenticateAgent|pointResolver|metricCatalogueCache|drizzle|pglite|pg\//,
  ],
  [
    'append (DuckDB store, live bus, last values)',
    /duckdb|timeseries|pointWriter|lastValue|telemetryBus|live\//,
  ],
  ['HTTP and framework', /fastify|light-my-request|node:http|_http_|avvio|pino/],
  ['MQTT', /mqtt|agentMqtt/],
  ['native (program)', /^ \(program\)$/],
];

/**
 * Self time of a CPU profile (node --cpu-prof) summed by layer, with idle and garbage collection apart: only the
 * samples taken within `window` (profileClockNow readings), the run being measured.
 */
export function profileByLayer(directory: string, window: { from: number; to: number }): string {
  const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return '(no profile written)';
  const profile = profileSchema.parse(JSON.parse(readFileSync(path.join(directory, file), 'utf8')));
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  const others = new Map<string, number>();
  const functions = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < window.from || at > window.to) return;
    const frame = byNode.get(id);
    const where = `${frame?.url ?? ''} ${frame?.functionName ?? ''}`;
    const layer =
      frame?.functionName === '(idle)'
        ? 'idle'
        : frame?.functionName === '(garbage collector)'
          ? 'garbage collection'
          : (LAYERS.find(([, pattern]) => pattern.test(where))?.[0] ?? 'other');
    const us = profile.timeDeltas[index] ?? 0;
    totals.set(layer, (totals.get(layer) ?? 0) + us);
    const name = `${frame?.functionName || '(anonymous)'} ${(frame?.url ?? '').replace(/.*node_modules\//, '').replace(/.*\/src\//, '')}`;
    if (layer === 'other') others.set(name, (others.get(name) ?? 0) + us);
    if (layer !== 'idle') functions.set(name, (functions.get(name) ?? 0) + us);
  });
  if (totals.size === 0) return '(no sample in the measured window)';
  const busy = [...totals].filter(([name]) => name !== 'idle').reduce((sum, [, us]) => sum + us, 0);
  const top = [...others]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, us]) => `${name.trim()} ${(us / 1000).toFixed(0)} ms`);
  const layers = [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => {
      const share = name === 'idle' ? '' : ` (${((100 * us) / busy).toFixed(0)}% of busy)`;
      const detail = name === 'other' ? `: ${top.join('; ')}` : '';
      return `- ${name}: ${(us / 1000).toFixed(0)} ms${share}${detail}`;
    });
  const hottest = [...functions]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, us]) => `  - ${name.trim()}: ${(us / 1000).toFixed(0)} ms`);
  return [...layers, '- the hottest functions, self time:', ...hottest].join('\n');
}
