/**
 * The sandbox's refusals in NetSuite's own two shapes: the REST record and query calls answer
 * `{type, title, status, 'o:errorDetails': [{detail, 'o:errorCode', 'o:errorPath'?}]}`, the OAuth token and
 * revocation endpoints answer RFC 6749's `{error, error_description}`.
 */

/** NetSuite's `type` for each status: the RFC 9110 section it points to. */
const STATUS_TYPES: Record<number, { type: string; title: string }> = {
  400: { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.1', title: 'Bad Request' },
  401: { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.2', title: 'Unauthorized' },
  403: { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.4', title: 'Forbidden' },
  404: { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.5', title: 'Not Found' },
  405: { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.6', title: 'Method Not Allowed' },
  413: { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.14', title: 'Content Too Large' },
  415: {
    type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.16',
    title: 'Unsupported Media Type',
  },
  500: { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.6.1', title: 'Internal Server Error' },
};

/** NetSuite's own wording for a missing, expired or revoked bearer token. */
export const INVALID_LOGIN_DETAIL =
  'Invalid login attempt. For more details, see the Login Audit Trail in the NetSuite UI at Setup > Users/Roles > User Management > View Login Audit Trail.';

export interface NetsuiteErrorBody {
  type: string;
  title: string;
  status: number;
  'o:errorDetails': { detail: string; 'o:errorCode': string; 'o:errorPath'?: string }[];
}

/** A refusal of a record or SuiteQL call; the sandbox's error handler answers it in NetSuite's shape. */
export class SandboxRestError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly detail: string,
    readonly errorPath?: string,
  ) {
    super(detail);
    this.name = 'SandboxRestError';
  }

  body(): NetsuiteErrorBody {
    const known = STATUS_TYPES[this.status] ?? STATUS_TYPES[500];
    return {
      type: known?.type ?? '',
      title: known?.title ?? 'Error',
      status: this.status,
      'o:errorDetails': [
        {
          detail: this.detail,
          'o:errorCode': this.errorCode,
          ...(this.errorPath === undefined ? {} : { 'o:errorPath': this.errorPath }),
        },
      ],
    };
  }
}

export const invalidLogin = () => new SandboxRestError(401, 'INVALID_LOGIN', INVALID_LOGIN_DETAIL);
export const nonexistentId = (type: string, id: string) =>
  new SandboxRestError(
    404,
    'NONEXISTENT_ID',
    `The record instance does not exist. Provide a valid record instance ID. (${type} ${id})`,
  );
export const invalidContent = (detail: string, errorPath?: string) =>
  new SandboxRestError(400, 'INVALID_CONTENT', detail, errorPath);
export const userError = (detail: string, errorPath?: string) =>
  new SandboxRestError(400, 'USER_ERROR', detail, errorPath);
export const invalidParameter = (detail: string, errorPath?: string) =>
  new SandboxRestError(400, 'INVALID_PARAMETER', detail, errorPath);

/** OAuth 2.0 error codes (RFC 6749 section 5.2, RFC 7009). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'unsupported_token_type';

/** A refusal of the token or revocation endpoint: `{error, error_description}`. */
export class SandboxOAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'SandboxOAuthError';
  }

  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
