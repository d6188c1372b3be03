import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../platform/db/database.ts';
import { oidcPayloads } from '../../platform/db/schema.ts';

export interface OidcAdapterOptions {
  /** The clock; tests move it to check expiry. */
  now?: () => Date;
}

/** Payloads are written only by this adapter, from the provider's own objects: a JSON object is all we check. */
function isAdapterPayload(value: unknown): value is AdapterPayload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) in the `oidc_payloads` table, one
 * adapter per model. Kept in the database rather than in memory so that sign-in sessions survive restarts and
 * every server process sees the same sessions. Expired rows are treated as absent and swept by
 * `deleteExpiredOidcPayloads`.
 */
export class OidcPayloadAdapter implements Adapter {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly model: string,
    options: OidcAdapterOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt =
      typeof expiresIn === 'number' ? new Date(this.now().getTime() + expiresIn * 1000) : null;
    const columns = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ model: this.model, id, ...columns })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: columns });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  /** Marks a code or token as used; the provider refuses a second use and revokes its grant. */
  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: this.now() })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, this.model),
          condition,
          or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, this.now())),
        ),
      )
      .limit(1);
    if (!row || !isAdapterPayload(row.payload)) return undefined;
    // The provider reads `consumed` from the payload; we keep it in its own column so consuming is one update.
    return row.consumedAt ? { ...row.payload, consumed: epochSeconds(row.consumedAt) } : row.payload;
  }
}

export function createOidcAdapterFactory(db: Db, options: OidcAdapterOptions = {}): AdapterFactory {
  return (model) => new OidcPayloadAdapter(db, model, options);
}

/**
 * Whether the provider session that issued an ID token (its `session_uid` claim) still exists: signing out
 * destroys it, and from then on the API refuses the session's tokens even before they expire.
 */
export async function isSessionActive(db: Db, sessionUid: string, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, 'Session'),
        eq(oidcPayloads.uid, sessionUid),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Removes rows past their expiry: they are already ignored, this only keeps the table small. */
export async function deleteExpiredOidcPayloads(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(oidcPayloads).where(lte(oidcPayloads.expiresAt, now));
}
