import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { OutboundError, type OutboundPolicy, type ResolvedAddress } from './addressPolicy.ts';

export interface CheckedPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** For the whole call: resolving, connecting and the answer's status line. */
  timeoutMs: number;
}

/** Hands the socket the address that was checked, whatever it asks: no second look-up that could be rebound. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

/**
 * POSTs to a URL for a tenant: its host is resolved and every address checked by the policy, and the connection
 * goes to the checked address (TLS still verifies the certificate against the host name). Redirects are not
 * followed: a 3xx is an answer like any other. Answers the status; the body is not read. Every failure is an
 * OutboundError, whose kind is all that may be told to the tenant.
 */
export async function postToCheckedAddress(
  policy: OutboundPolicy,
  post: CheckedPost,
): Promise<{ status: number }> {
  let target: URL;
  try {
    target = new URL(post.url);
  } catch {
    throw new OutboundError('failed', 'not a URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new OutboundError('failed', `scheme ${target.protocol}`);
  const signal = AbortSignal.timeout(post.timeoutMs);
  const pinned = await policy.resolve(target.hostname, signal);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const call = request(
      target,
      {
        method: 'POST',
        headers: { ...post.headers, 'Content-Length': String(Buffer.byteLength(post.body)) },
        // A socket of its own: a pooled one could have been connected to an address checked for another call.
        agent: false,
        lookup: pinnedLookup(pinned),
        signal,
      },
      (response: IncomingMessage) => {
        resolve({ status: response.statusCode ?? 0 });
        // Only the status counts: the rest is neither read nor waited for.
        response.destroy();
      },
    );
    call.on('error', (error) =>
      reject(signal.aborted ? new OutboundError('timeout') : new OutboundError('failed', errorCode(error))),
    );
    call.end(post.body);
  });
}

function errorCode(error: Error): string {
  return 'code' in error && typeof error.code === 'string' ? error.code : error.message;
}
