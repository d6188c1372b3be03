import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import { serverFieldErrors } from './serverFieldErrors.ts';

const refusal = (body: unknown) => new ApiError(new Response(null, { status: 400 }), body, '/api/x');

describe('serverFieldErrors', () => {
  it('names each field by its path in the body, with its first message', () => {
    const errors = serverFieldErrors(
      refusal({
        message: 'Address not allowed',
        code: 'BAD_REQUEST',
        details: [
          { field: 'body.url', message: 'Address not allowed' },
          { field: 'body.url', message: 'a second problem' },
          { field: 'body.condition.expression', message: 'Unknown metric' },
        ],
      }),
    );
    expect([...errors]).toEqual([
      ['url', 'Address not allowed'],
      ['condition.expression', 'Unknown metric'],
    ]);
  });

  it("drops the field's name the server put before its message, since the field's own input shows it", () => {
    const errors = serverFieldErrors(
      refusal({
        message: 'body.assetIds: Choose an asset.',
        code: 'BAD_REQUEST',
        details: [{ field: 'body.assetIds', message: 'body.assetIds: Choose an asset.' }],
      }),
    );
    expect(errors.get('assetIds')).toBe('Choose an asset.');
  });

  it('is empty for a refusal naming no field, a body that is no envelope, and an error that is no ApiError', () => {
    expect(serverFieldErrors(refusal({ message: 'No', code: 'FORBIDDEN' })).size).toBe(0);
    expect(serverFieldErrors(refusal('Bad gateway')).size).toBe(0);
    expect(serverFieldErrors(new Error('offline')).size).toBe(0);
  });
});
