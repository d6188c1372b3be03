import { z } from 'zod';

/** Machine-readable error codes of the one error envelope. */
export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorDetailSchema = z.object({
  /** Dotted path of the offending field, e.g. `body.name` or `query.userIds`. */
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The error envelope every failed call answers with. Never carries a stack trace. */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
