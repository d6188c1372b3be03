/**
 * When each asset last sent a value. Telemetry owns the answer (the in-memory last-values table that
 * ingestion feeds, DESIGN section 4); this module only asks. Until telemetry plugs a source in through
 * `registerAssetsRoutes(context, { lastSeen })`, the default knows nothing: every asset is offline and never seen.
 */
export interface LastSeenSource {
  /** The last timestamp per asset id; assets never heard from are absent. */
  lastSeen(assetIds: readonly number[]): Promise<ReadonlyMap<number, Date>>;
}

export const unknownLastSeen: LastSeenSource = {
  lastSeen: () => Promise.resolve(new Map()),
};

/**
 * An asset counts as online when it sent something within this window. The spec's active alert interval
 * (PT10M) is the same horizon a communication-lost alert uses, so "online" and "communication lost" agree.
 */
export const ONLINE_WINDOW_MS = 10 * 60_000;

export function isOnline(lastSeenAt: Date | undefined, now: number = Date.now()): boolean {
  return lastSeenAt !== undefined && now - lastSeenAt.getTime() <= ONLINE_WINDOW_MS;
}
