import { isApiError } from './ApiError.ts';

/**
 * A refusal's field problems by the form's own field names: the envelope's `details` name request paths
 * (`body.url`, `body.condition.expression`), the form's inputs the body's (`url`, `condition.expression`). The
 * first message per field, without the `body.assetIds: ` the server may put before it (the field's own input shows
 * it); empty when the refusal names no field (then the form shows its message as a whole).
 */
export function serverFieldErrors(error: unknown): Map<string, string> {
  const errors = new Map<string, string>();
  for (const detail of isApiError(error) ? envelopeDetails(error.body) : []) {
    const field = detail.field.replace(/^body\./, '');
    const message = detail.message.startsWith(`${detail.field}: `)
      ? detail.message.slice(detail.field.length + 2)
      : detail.message;
    if (!errors.has(field)) errors.set(field, message);
  }
  return errors;
}

interface FieldDetail {
  field: string;
  message: string;
}

/**
 * The envelope's well-formed `details`, read by hand rather than with the contract's schema: forms on the first
 * screens (a new ticket) would otherwise bring zod with them.
 */
function envelopeDetails(body: unknown): FieldDetail[] {
  if (typeof body !== 'object' || body === null || !('details' in body) || !Array.isArray(body.details))
    return [];
  const details: unknown[] = body.details;
  return details.filter(isFieldDetail);
}

function isFieldDetail(value: unknown): value is FieldDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    'field' in value &&
    typeof value.field === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}
