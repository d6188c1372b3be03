import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { agentHeartbeats } from '../platform/db/problemsSchema.ts';

/** An agent calls every few seconds; its heartbeat is written at most this often (a minute-scale rule reads it). */
export const HEARTBEAT_WRITE_MS = 15_000;

/**
 * Remembers when each agent last called, for agent communication-lost rules. Written through to the database
 * (so every process and a restart see it), at most once per HEARTBEAT_WRITE_MS per agent and process; a failed
 * write is retried by the next call, never failing the agent's own request.
 */
export function createHeartbeatRecorder(
  db: Db,
): (agentAssetId: number, onError: (error: unknown) => void) => void {
  const written = new Map<number, number>();
  return (agentAssetId, onError) => {
    const now = Date.now();
    if (now - (written.get(agentAssetId) ?? 0) < HEARTBEAT_WRITE_MS) return;
    written.set(agentAssetId, now);
    db.insert(agentHeartbeats)
      .values({ assetId: agentAssetId, lastSeenAt: new Date(now) })
      .onConflictDoUpdate({
        target: agentHeartbeats.assetId,
        set: { lastSeenAt: sql`GREATEST(${agentHeartbeats.lastSeenAt}, excluded.last_seen_at)` },
      })
      .then(
        () => undefined,
        (error: unknown) => {
          written.delete(agentAssetId);
          onError(error);
        },
      );
  };
}
