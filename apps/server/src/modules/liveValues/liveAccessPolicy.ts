import { decodeJwt } from 'jose';
import { z } from 'zod';
import { authenticateToken, type AuthContext } from '../../http/authenticate.ts';
import { HttpError } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import type { TokenVerifier } from '../../platform/identity/tokenVerifier.ts';
import {
  LiveConnectionRefused,
  type LivePathDecision,
  type LivePolicy,
  type LiveSession,
} from '../../platform/live/livePolicy.ts';
import { createMetricCatalogueCache } from '../telemetry/metricCatalogueCache.ts';
import { readableAssetIds } from './liveAccess.ts';

/** A live connection's caller: their token, authenticated again as every HTTP call authenticates its own. */
export interface LiveValuesSession extends LiveSession {
  token: string;
}

const LIVE_REFUSAL = {
  notFound: 'Asset not found.',
  metricNotFound: 'Metric not found.',
} as const;

const handshakeAuthSchema = z.object({ token: z.string().min(1) });

function isUnauthorized(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 401;
}

/**
 * Who may open a live connection and subscribe to which `{assetId}/{metricId}`, by the HTTP API's own
 * functions: authenticateToken (same verifier, active user, permissions and messages) for the handshake, for
 * every session check and for every subscribe call, as for every HTTP call; readableAssetIds (the lastValue
 * call's check) for paths. A socket reaches nothing a call could not, and a user deleted, signed out or
 * stripped of a role while connected is treated as their next call would be.
 */
export function createLiveAccessPolicy(deps: {
  db: Db;
  verifier: TokenVerifier;
}): LivePolicy<LiveValuesSession> {
  const { db, verifier } = deps;
  const catalogue = createMetricCatalogueCache(db);
  return {
    async authenticate(handshakeAuth) {
      const parsed = handshakeAuthSchema.safeParse(handshakeAuth);
      if (!parsed.success) {
        throw new LiveConnectionRefused('Authentication required: send an ID token as auth.token.');
      }
      const token = parsed.data.token;
      let auth: AuthContext;
      try {
        auth = await authenticateToken(db, verifier, token);
      } catch (error) {
        if (isUnauthorized(error)) throw new LiveConnectionRefused(error.message);
        throw error;
      }
      // The verifier required `exp`; decoding again only reads it, the signature was checked above.
      const exp = decodeJwt(token).exp ?? 0;
      return { userId: auth.user.userId, expiresAt: exp * 1000, token };
    },

    async stillSignedIn(session) {
      try {
        // Refused once the sign-in session has ended (the verifier) or the user is deleted.
        await authenticateToken(db, verifier, session.token);
        return true;
      } catch (error) {
        if (isUnauthorized(error)) return false;
        throw error;
      }
    },

    /**
     * Missing and invisible assets get the same reason, so that another company's asset ids reveal nothing.
     * Visibility is read afresh on every call: a change of access groups applies to the next subscription
     * without reconnecting. Of visible assets, only metrics of the catalogue are kept: a path nothing can
     * ever be sent to would only hold a room.
     */
    async allowedPaths(session, paths) {
      if (paths.length === 0) return { accepted: [], refused: [] };
      let visible: Set<number>;
      try {
        // Permissions as they are now, not as they were at the handshake.
        const auth = await authenticateToken(db, verifier, session.token);
        visible = await readableAssetIds(
          db,
          auth,
          paths.map(({ assetId }) => assetId),
        );
      } catch (error) {
        // Every path is refused with what the HTTP call would answer (401, or 403 without metrics:read).
        if (error instanceof HttpError) {
          return { accepted: [], refused: paths.map(({ path }) => ({ path, reason: error.message })) };
        }
        throw error;
      }
      const metricIds = [
        ...new Set(paths.filter((path) => visible.has(path.assetId)).map((path) => path.metricId)),
      ];
      const { byId } = await catalogue.lookup({ aliases: [], metricIds });
      const decision: LivePathDecision = { accepted: [], refused: [] };
      for (const request of paths) {
        const { path, assetId, metricId } = request;
        if (!visible.has(assetId)) decision.refused.push({ path, reason: LIVE_REFUSAL.notFound });
        else if (!byId.has(metricId)) decision.refused.push({ path, reason: LIVE_REFUSAL.metricNotFound });
        else decision.accepted.push(request);
      }
      return decision;
    },
  };
}
