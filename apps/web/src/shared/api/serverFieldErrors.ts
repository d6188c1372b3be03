import { errorEnvelopeSchema } from '@kelvin/contract';
import { isApiError } from './ApiError.ts';

/**
 * A refusal's field problems by the form's own field names: the envelope's `details` name request paths
 * (`body.url`, `body.condition.expression`), the form's inputs the body's (`url`, `condition.expression`). The
 * first message per field, without the `body.assetIds: ` the server may put before it (the field's own input shows
 * it); empty when the refusal names no field (then the form shows its message as a whole).
 */
export function serverFieldErrors(error: unknown): Map<string, string> {
  const envelope = isApiError(error) ? errorEnvelopeSchema.safeParse(error.body) : null;
  const errors = new Map<string, string>();
  for (const detail of envelope?.success ? (envelope.data.details ?? []) : []) {
    const field = detail.field.replace(/^body\./, '');
    const message = detail.message.startsWith(`${detail.field}: `)
      ? detail.message.slice(detail.field.length + 2)
      : detail.message;
    if (!errors.has(field)) errors.set(field, message);
  }
  return errors;
}
