import { HttpError } from '../../http/httpError.ts';
import { NetsuiteError } from '../../platform/netsuite/netsuiteError.ts';

/**
 * NetSuite's refusal of a server call, as our error envelope: 502 (NetSuite failed us, not the caller) with
 * NetSuite's own detail, so the screen can say what went wrong. Anything else passes through unchanged.
 */
export function asNetsuiteFailure(error: unknown): unknown {
  if (!(error instanceof NetsuiteError)) return error;
  const code = error.errorCode === undefined ? '' : ` (${error.errorCode})`;
  return new HttpError(502, 'UNAVAILABLE', `NetSuite refused the request: ${error.message}${code}`);
}

/** Runs a NetSuite-backed call, turning NetSuite's refusals into our error envelope. */
export async function answeringNetsuiteFailures<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asNetsuiteFailure(error);
  }
}
