import { z } from 'zod';

/** Ids are PostgreSQL integers: a larger number can name nothing, and must be a 400, not a database error. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a JSON body. */
export const dbId = z.number().int().positive().max(MAX_ID);

/**
 * A positive integer id in a path, query string or form field (arrives as text): digits only, so that ` 1`,
 * `1e3` or `0x1F` (which a plain number coercion reads as 1, 1000 and 31) are refused, not taken for another id.
 */
export const idParam = z.coerce
  .string()
  .regex(/^\d+$/, 'Expected an id: a whole number in digits')
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID));

/** Spec: "GET assets (array params comma-joined)"; the same for every list query parameter. */
export const commaSeparatedIds = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Expected a comma-separated list of ids')
  .transform((value) => value.split(',').map(Number))
  .pipe(z.array(z.number().max(MAX_ID, 'An id is at most 2147483647')).max(5000, 'At most 5000 ids'));

/** Query-string booleans arrive as text. */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

export const okSchema = z.object({ ok: z.literal(true) });
