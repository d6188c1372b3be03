import { livePathSchema } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { HttpError } from '../../http/httpError.ts';
import { assetVisibility, canSeeAsset } from '../../modules/access/assetAccess.ts';
import { listAssets } from '../../modules/assets/assetsRepository.ts';
import type { MetricCatalogueCache } from '../../modules/telemetry/metricCatalogueCache.ts';
import type { Db } from '../db/database.ts';

export const LIVE_PERMISSION = 'metrics:read';
/** The contract's bound per subscribe call. */
export const MAX_PATHS_PER_CALL = 2000;
/** Rooms held by one connection; a bound on what a single client can make a server remember. */
export const MAX_PATHS_PER_SOCKET = 20_000;

export const REFUSAL = {
  malformed: 'A live path is {assetId}/{metricId}',
  notFound: 'Asset not found.',
  metricNotFound: 'Metric not found.',
  tooMany: `At most ${MAX_PATHS_PER_SOCKET} paths per connection.`,
  tooManyInCall: `At most ${MAX_PATHS_PER_CALL} paths per subscribe call.`,
} as const;

export interface ParsedPath {
  path: string;
  assetId: number;
  metricId: number;
}

export interface PathDecision {
  accepted: ParsedPath[];
  refused: { path: string; reason: string }[];
}

/** Splits what a client sent into well-formed paths and refusals; anything but a string is refused too. */
export function parsePaths(paths: readonly unknown[]): PathDecision {
  const decision: PathDecision = { accepted: [], refused: [] };
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

/**
 * Keeps the paths of assets the caller may read metrics of, with the HTTP API's rules (company scope of
 * metrics:read, plus access groups for external users). Missing and invisible assets get the same reason, so
 * that another company's asset ids reveal nothing. Visibility is read afresh on every call: a change of access
 * groups applies to the next subscription without reconnecting. Of visible assets, only metrics of the catalogue
 * are kept: a path nothing can ever be sent to would only hold a room.
 */
export async function authorizePaths(
  db: Db,
  auth: AuthContext,
  paths: ParsedPath[],
  catalogue: MetricCatalogueCache,
): Promise<PathDecision> {
  if (paths.length === 0) return { accepted: [], refused: [] };
  let visibility;
  try {
    visibility = await assetVisibility(db, auth, LIVE_PERMISSION);
  } catch (error) {
    if (error instanceof HttpError) {
      return { accepted: [], refused: paths.map(({ path }) => ({ path, reason: error.message })) };
    }
    throw error;
  }
  const assetIds = [...new Set(paths.map((path) => path.assetId))];
  const rows = await listAssets(db, { assetIds });
  const visible = new Set(rows.filter((row) => canSeeAsset(visibility, row)).map((row) => row.assetId));
  const metricIds = [
    ...new Set(paths.filter((path) => visible.has(path.assetId)).map((path) => path.metricId)),
  ];
  const { byId } = await catalogue.lookup({ aliases: [], metricIds });
  const decision: PathDecision = { accepted: [], refused: [] };
  for (const path of paths) {
    if (!visible.has(path.assetId)) decision.refused.push({ path: path.path, reason: REFUSAL.notFound });
    else if (!byId.has(path.metricId))
      decision.refused.push({ path: path.path, reason: REFUSAL.metricNotFound });
    else decision.accepted.push(path);
  }
  return decision;
}
