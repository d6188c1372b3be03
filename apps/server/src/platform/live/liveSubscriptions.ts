import { livePathSchema } from '@kelvin/contract';
import type { LivePathDecision } from './livePolicy.ts';

/** The contract's bound per subscribe call. */
export const MAX_PATHS_PER_CALL = 2000;
/** Rooms held by one connection; a bound on what a single client can make a server remember. */
export const MAX_PATHS_PER_SOCKET = 20_000;

/** The transport's own refusals; what a path may not be for lack of access is the policy's to say. */
export const REFUSAL = {
  malformed: 'A live path is {assetId}/{metricId}',
  tooMany: `At most ${MAX_PATHS_PER_SOCKET} paths per connection.`,
  tooManyInCall: `At most ${MAX_PATHS_PER_CALL} paths per subscribe call.`,
} as const;

/** Splits what a client sent into well-formed paths and refusals; anything but a string is refused too. */
export function parsePaths(paths: readonly unknown[]): LivePathDecision {
  const decision: LivePathDecision = { accepted: [], refused: [] };
  const seen = new Set<string>();
  for (const item of paths) {
    const path = typeof item === 'string' ? item : JSON.stringify(item);
    if (seen.has(path)) continue;
    seen.add(path);
    const parsed = livePathSchema.safeParse(item);
    const [assetPart, metricPart] = parsed.success ? parsed.data.split('/') : [];
    const assetId = Number(assetPart);
    const metricId = Number(metricPart);
    if (!parsed.success || !Number.isSafeInteger(assetId) || !Number.isSafeInteger(metricId)) {
      decision.refused.push({ path, reason: REFUSAL.malformed });
    } else {
      decision.accepted.push({ path: parsed.data, assetId, metricId });
    }
  }
  return decision;
}
