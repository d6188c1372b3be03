/**
 * What the live transport asks of whoever decides who may connect and what they may hear. The transport
 * knows sockets, rooms and the protocol; permissions, access groups and the metric catalogue are the modules'
 * (DESIGN section 1: platform never imports modules), which hand attachLive an implementation of this.
 */

/** Who is on a live connection, as far as the transport needs to know; a policy adds what it needs itself. */
export interface LiveSession {
  /** The user's room carries what is addressed to the person rather than to a metric (notifications). */
  userId: number;
  /** Epoch milliseconds of the credential's expiry: the connection ends then and the client reconnects. */
  expiresAt: number;
}

/** A well-formed live path, `{assetId}/{metricId}`, split into its ids. */
export interface LivePathRequest {
  path: string;
  assetId: number;
  metricId: number;
}

export interface LivePathRefusal {
  path: string;
  /** Sent to the client as is. */
  reason: string;
}

export interface LivePathDecision {
  accepted: LivePathRequest[];
  refused: LivePathRefusal[];
}

export interface LivePolicy<S extends LiveSession> {
  /**
   * The handshake's `auth` object, as the client sent it, to a session. Throws LiveConnectionRefused with the
   * message the client sees; any other error is the server's failure (logged, the client told to retry).
   */
  authenticate(handshakeAuth: unknown): Promise<S>;
  /**
   * Asked every few seconds while connected: false ends the connection (signed out before the credential
   * expired). Throws when it cannot tell; the connection is then kept until the next check.
   */
  stillSignedIn(session: S): Promise<boolean>;
  /** Which of these well-formed paths the session may hold; every other one is refused with a reason. */
  allowedPaths(session: S, paths: readonly LivePathRequest[]): Promise<LivePathDecision>;
}

/**
 * Refused handshake. Socket.IO hands `message` and `data` to the client's `connect_error` listener, so the
 * client can tell a refused token (sign in again) from a network failure (retry).
 */
export class LiveConnectionRefused extends Error {
  readonly data: { code: 'UNAUTHORIZED' };
  constructor(message: string) {
    super(message);
    this.name = 'LiveConnectionRefused';
    this.data = { code: 'UNAUTHORIZED' };
  }
}
