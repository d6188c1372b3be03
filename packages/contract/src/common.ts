import { z } from 'zod';

/** A positive integer id in a path or query string (arrives as text). */
export const idParam = z.coerce.number().int().positive();

/** Spec: "GET assets (array params comma-joined)"; the same for every list query parameter. */
export const commaSeparatedIds = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Expected a comma-separated list of ids')
  .transform((value) => value.split(',').map(Number));

/** Query-string booleans arrive as text. */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

export const okSchema = z.object({ ok: z.literal(true) });
