import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { signInFailures } from '../../platform/db/schema.ts';

/**
 * Counts failed sign-ins per email and per client IP over a sliding window, so that password guessing against
 * one account (or from one address against many) is slowed to a handful of tries. The counts are rows in the
 * database, so every server process sees every attempt: a guesser gains nothing from spreading attempts over
 * processes behind a load balancer.
 */
export interface SignInLimiterOptions {
  db: Db;
  maxFailuresPerEmail?: number;
  maxFailuresPerIp?: number;
  windowMs?: number;
  /** Milliseconds since the epoch; tests inject a clock they move by hand. */
  now?: () => number;
}

/** An attempt under way: counted as a failure from the moment it begins, until it succeeds. */
export interface SignInAttempt {
  /** The password was right: this attempt is no failure, and the email's failures are forgiven (not the IP's). */
  succeeded(): Promise<void>;
}

export type SignInCheck =
  { allowed: true; attempt: SignInAttempt } | { allowed: false; retryAfterMs: number };

export interface SignInLimiter {
  /**
   * Asked before the password is verified. An allowed attempt is counted as a failure at once, so that many
   * attempts sent in parallel cannot all pass the check before the first of them is found wrong.
   */
  begin(email: string, ip: string): Promise<SignInCheck>;
  /** Deletes attempts that have left the window: they no longer count, this only keeps the table small. */
  sweep(): Promise<void>;
}

export const SIGN_IN_LIMITS = {
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 20,
  windowMs: 15 * 60 * 1000,
} as const;

/** How long until fewer than `max` of `times` (ascending) remain in the window; 0 when already below. */
function waitFor(times: readonly number[], max: number, at: number, windowMs: number): number {
  if (times.length < max) return 0;
  const freeing = times[times.length - max] ?? at;
  return freeing + windowMs - at;
}

export function createSignInLimiter(options: SignInLimiterOptions): SignInLimiter {
  const { db } = options;
  const maxPerEmail = options.maxFailuresPerEmail ?? SIGN_IN_LIMITS.maxFailuresPerEmail;
  const maxPerIp = options.maxFailuresPerIp ?? SIGN_IN_LIMITS.maxFailuresPerIp;
  const windowMs = options.windowMs ?? SIGN_IN_LIMITS.windowMs;
  const now = options.now ?? Date.now;

  const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
  const ipKey = (ip: string) => `ip:${ip}`;

  return {
    async begin(email, ip) {
      const at = now();
      const keys = { email: emailKey(email), ip: ipKey(ip) };
      // Recorded before counting, so that of attempts racing each other (here or in another process) each
      // counts the others: together they can be refused, but never all let through past the limit.
      const own = await db
        .insert(signInFailures)
        .values([keys.email, keys.ip].map((key) => ({ key, at: new Date(at) })))
        .returning({ failureId: signInFailures.failureId, key: signInFailures.key });
      const ownIds = own.map((row) => row.failureId);
      const counted = await db
        .select({ failureId: signInFailures.failureId, key: signInFailures.key, at: signInFailures.at })
        .from(signInFailures)
        .where(
          and(
            inArray(signInFailures.key, [keys.email, keys.ip]),
            gt(signInFailures.at, new Date(at - windowMs)),
          ),
        )
        .orderBy(signInFailures.at, signInFailures.failureId);
      const others = (key: string) =>
        counted
          .filter((row) => row.key === key && !ownIds.includes(row.failureId))
          .map((row) => row.at.getTime());
      const wait = Math.max(
        waitFor(others(keys.email), maxPerEmail, at, windowMs),
        waitFor(others(keys.ip), maxPerIp, at, windowMs),
      );
      const over =
        counted.filter((row) => row.key === keys.email).length > maxPerEmail ||
        counted.filter((row) => row.key === keys.ip).length > maxPerIp;
      if (wait > 0 || over) {
        // A refused attempt is not a failure: it never reached the password.
        await db.delete(signInFailures).where(inArray(signInFailures.failureId, ownIds));
        // Refused only because of attempts racing this one: worth trying again in a moment.
        return { allowed: false, retryAfterMs: wait > 0 ? wait : 1000 };
      }
      const ownIp = own.find((row) => row.key === keys.ip)?.failureId ?? -1;
      return {
        allowed: true,
        attempt: {
          async succeeded() {
            await db
              .delete(signInFailures)
              .where(or(eq(signInFailures.key, keys.email), eq(signInFailures.failureId, ownIp)));
          },
        },
      };
    },
    async sweep() {
      await db.delete(signInFailures).where(lte(signInFailures.at, new Date(now() - windowMs)));
    },
  };
}

/** Whole minutes to tell the user, never 0 while still blocked. */
export function minutesUntil(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
