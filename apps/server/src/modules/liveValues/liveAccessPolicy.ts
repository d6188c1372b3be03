import { decodeJwt } from 'jose';
import { z } from 'zod';
import { authenticateToken, type AuthContext } from '../../http/authenticate.ts';
import { HttpError } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import { TokenRejected, type TokenVerifier } from '../../platform/identity/tokenVerifier.ts';
import {
  LiveConnectionRefused,
  type LivePathDecision,
  type LivePolicy,
  type LiveSession,
} from '../../platform/live/livePolicy.ts';
import { createMetricCatalogueCache } from '../telemetry/metricCatalogueCache.ts';
import { readableAssetIds } from './liveAccess.ts';

/** A live connection's caller, authenticated as the HTTP API authenticates a request. */
export interface LiveValuesSession extends LiveSession {
  auth: AuthContext;
  /** Checked again while connected: a sign-out ends the connection before the token expires. */
  token: string;
}

const LIVE_REFUSAL = {
  notFound: 'Asset not found.',
  metricNotFound: 'Metric not found.',
} as const;

const handshakeAuthSchema = z.object({ token: z.string().min(1) });

/**
 * Who may open a live connection and subscribe to which `{assetId}/{metricId}`, by the HTTP API's own
 * functions: authenticateToken for the handshake (same verifier, active user, permissions and messages) and
 * readableAssetIds for paths (the lastValue call's check), so a socket can reach nothing a call could not.
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
        if (error instanceof HttpError && error.status === 401) {
          throw new LiveConnectionRefused(error.message);
        }
        throw error;
      }
      // The verifier required `exp`; decoding again only reads it, the signature was checked above.
      const exp = decodeJwt(token).exp ?? 0;
      return { userId: auth.user.userId, expiresAt: exp * 1000, auth, token };
    },

    async stillSignedIn(session) {
      try {
        // The verifier refuses a token whose sign-in session has ended.
        await verifier.verify(session.token);
        return true;
      } catch (error) {
        if (error instanceof TokenRejected) return false;
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
        visible = await readableAssetIds(db, session.auth, paths.map(({ assetId }) => assetId));
      } catch (error) {
        // Without metrics:read every path is refused with the 403's message, as the HTTP call would answer.
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
