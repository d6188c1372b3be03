import type { ErrorCode, ErrorDetail } from '@kelvin/contract';

/** An error that becomes the error envelope `{message, code, details?}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new HttpError(400, 'BAD_REQUEST', message, details);
/** A 400 about one field of the request (`body.parentAssetId`, `query.from`): its message names it. */
export const badField = (field: string, message: string) => badRequest(message, [{ field, message }]);
export const unauthorized = (message = 'Authentication required.') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
