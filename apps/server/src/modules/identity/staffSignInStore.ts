import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { oidcPayloads } from '../../platform/db/schema.ts';
import { OidcPayloadAdapter } from './oidcAdapter.ts';

/**
 * The staff sign-in's short-lived records, kept beside the provider's own interactions (oidc_payloads, swept with
 * them): a started sign-in by its state, and its outcome by a random id, each bound to the interaction's uid.
 */
export const STATE_MODEL = 'StaffSignInState';
export const OUTCOME_MODEL = 'StaffSignInOutcome';

const stateRecord = z.object({ uid: z.string() });
const outcomeRecord = z.object({
  uid: z.string(),
  accountId: z.string().optional(),
  error: z.string().optional(),
  status: z.number().int().optional(),
});
export type StaffSignInOutcome = z.infer<typeof outcomeRecord>;

export function staffSignInStore(db: Db) {
  const put = (model: string, id: string, payload: Record<string, unknown>, ttlSeconds: number) =>
    new OidcPayloadAdapter(db, model).upsert(id, payload, ttlSeconds);

  /** Deletes and answers a live record in one statement, so that it works once even under concurrent requests. */
  async function take(model: string, id: string): Promise<unknown> {
    const [row] = await db
      .delete(oidcPayloads)
      .where(
        and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id), gt(oidcPayloads.expiresAt, new Date())),
      )
      .returning({ payload: oidcPayloads.payload });
    return row?.payload;
  }

  return {
    putState: (state: string, uid: string, ttlSeconds: number) =>
      put(STATE_MODEL, state, { uid }, ttlSeconds),
    takeState: async (state: string) => stateRecord.safeParse(await take(STATE_MODEL, state)).data,
    putOutcome: (id: string, outcome: StaffSignInOutcome, ttlSeconds: number) =>
      put(OUTCOME_MODEL, id, outcome, ttlSeconds),
    takeOutcome: async (id: string) => outcomeRecord.safeParse(await take(OUTCOME_MODEL, id)).data,
  };
}
