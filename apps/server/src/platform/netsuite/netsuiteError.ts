import { z } from 'zod';

/** One entry of NetSuite's `o:errorDetails`. */
export interface NetsuiteErrorDetail {
  detail: string;
  errorCode: string;
  errorPath?: string;
}

/** NetSuite's error body: `{type, title, status, 'o:errorDetails': [{detail, 'o:errorCode', 'o:errorPath'?}]}`. */
const netsuiteErrorBody = z.object({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.number().optional(),
  'o:errorDetails': z
    .array(z.object({ detail: z.string(), 'o:errorCode': z.string(), 'o:errorPath': z.string().optional() }))
    .optional(),
});

/** The OAuth endpoints answer RFC 6749's `{error, error_description?}` rather than the REST error shape. */
const oauthErrorBody = z.object({ error: z.string(), error_description: z.string().optional() });

/** Any refusal from NetSuite (or failure to reach it): its status, type, title and details as NetSuite gave them. */
export class NetsuiteError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly details: NetsuiteErrorDetail[],
  ) {
    super(details[0]?.detail ?? title);
    this.name = 'NetsuiteError';
  }

  /** The first detail's code (`INVALID_LOGIN`, `NONEXISTENT_ID`, ...), or undefined. */
  get errorCode(): string | undefined {
    return this.details[0]?.errorCode;
  }
}

/** Reads a refused response into a NetsuiteError, whatever its body: the REST shape, OAuth's, or none at all. */
export async function netsuiteErrorFromResponse(response: Response): Promise<NetsuiteError> {
  const text = await response.text().catch(() => '');
  const json = parseJson(text);
  const rest = netsuiteErrorBody.safeParse(json);
  if (rest.success && (rest.data['o:errorDetails'] !== undefined || rest.data.title !== undefined)) {
    const details = (rest.data['o:errorDetails'] ?? []).map((d) => ({
      detail: d.detail,
      errorCode: d['o:errorCode'],
      ...(d['o:errorPath'] === undefined ? {} : { errorPath: d['o:errorPath'] }),
    }));
    return new NetsuiteError(
      response.status,
      rest.data.type ?? '',
      rest.data.title ?? response.statusText,
      details,
    );
  }
  const oauth = oauthErrorBody.safeParse(json);
  if (oauth.success) {
    const detail = oauth.data.error_description ?? oauth.data.error;
    return new NetsuiteError(response.status, '', oauth.data.error, [
      { detail, errorCode: oauth.data.error.toUpperCase() },
    ]);
  }
  const title = response.statusText || `HTTP ${response.status}`;
  return new NetsuiteError(response.status, '', title, [
    { detail: text.slice(0, 500) || title, errorCode: 'UNEXPECTED_RESPONSE' },
  ]);
}

/** NetSuite could not be reached or did not answer in time: a 502/504 in NetSuite's own terms. */
export function netsuiteUnreachable(cause: unknown, timeoutMs: number): NetsuiteError {
  const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
  return timedOut
    ? new NetsuiteError(504, '', 'Gateway Timeout', [
        { detail: `NetSuite did not answer within ${timeoutMs} ms.`, errorCode: 'TIMEOUT' },
      ])
    : new NetsuiteError(502, '', 'Bad Gateway', [
        {
          detail: `NetSuite could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
          errorCode: 'UNREACHABLE',
        },
      ]);
}

/** A 2xx answer whose body is not what the protocol says. */
export function netsuiteUnexpectedBody(what: string, issue: string): NetsuiteError {
  return new NetsuiteError(502, '', 'Bad Gateway', [
    { detail: `NetSuite's answer to ${what} was not understood: ${issue}`, errorCode: 'UNEXPECTED_RESPONSE' },
  ]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
