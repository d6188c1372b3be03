/** The spec's error classes, most specific first: a 404 is also a bad request, but `kind` says missing. */
export type ApiErrorKind = 'missing' | 'denied' | 'badRequest' | 'serverError' | 'invalidResponse';

function bodyMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

/**
 * Spec (platform-core 8): carries the response and the parsed body (JSON, else text, else null); the message
 * is the body's message, else 'status url'.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly response: Response;
  readonly body: unknown;
  readonly url: string;

  constructor(response: Response, body: unknown, requestUrl = response.url, message?: string) {
    const url = response.url || requestUrl;
    super(message ?? bodyMessage(body) ?? `${response.status} ${url}`);
    this.response = response;
    this.body = body;
    this.url = url;
  }

  get status(): number {
    return this.response.status;
  }

  /** The envelope's machine-readable code, when the server sent one. */
  get code(): string | undefined {
    const body = this.body;
    if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
    return typeof body.code === 'string' ? body.code : undefined;
  }

  get isMissing(): boolean {
    return this.status === 404;
  }

  get isDenied(): boolean {
    return this.status === 401 || this.status === 403;
  }

  get isBadRequest(): boolean {
    return this.status >= 400 && this.status <= 499;
  }

  get isServerError(): boolean {
    return this.status >= 500;
  }

  get kind(): ApiErrorKind {
    if (this.isMissing) return 'missing';
    if (this.isDenied) return 'denied';
    if (this.isBadRequest) return 'badRequest';
    if (this.isServerError) return 'serverError';
    // A 2xx/3xx answer that could not be read as the contract's JSON.
    return 'invalidResponse';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
