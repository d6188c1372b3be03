/**
 * Counts failed sign-ins per email and per client IP over a sliding window, so that password guessing against
 * one account (or from one address against many) is slowed to a handful of tries. In memory: each process
 * keeps its own counts, which bounds guessing per process; a shared store can replace this behind the same
 * interface when the server runs scaled out.
 */
export interface SignInLimiterOptions {
  maxFailuresPerEmail?: number;
  maxFailuresPerIp?: number;
  windowMs?: number;
  /** Milliseconds since the epoch; tests inject a clock they move by hand. */
  now?: () => number;
}

export type SignInCheck = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface SignInLimiter {
  /** Whether another attempt may be checked now; asked before the password is verified. */
  check(email: string, ip: string): SignInCheck;
  recordFailure(email: string, ip: string): void;
  /** A successful sign-in forgives the email's failures (the IP's stay: they may concern other accounts). */
  recordSuccess(email: string): void;
}

export const SIGN_IN_LIMITS = {
  maxFailuresPerEmail: 5,
  maxFailuresPerIp: 20,
  windowMs: 15 * 60 * 1000,
} as const;

/** Beyond this many tracked keys, a sweep drops the ones whose failures have all expired. */
const SWEEP_THRESHOLD = 10_000;

export function createSignInLimiter(options: SignInLimiterOptions = {}): SignInLimiter {
  const maxPerEmail = options.maxFailuresPerEmail ?? SIGN_IN_LIMITS.maxFailuresPerEmail;
  const maxPerIp = options.maxFailuresPerIp ?? SIGN_IN_LIMITS.maxFailuresPerIp;
  const windowMs = options.windowMs ?? SIGN_IN_LIMITS.windowMs;
  const now = options.now ?? Date.now;
  /** key → times of failures inside the window, oldest first. */
  const failures = new Map<string, number[]>();

  const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
  const ipKey = (ip: string) => `ip:${ip}`;

  function recent(key: string, at: number): number[] {
    const times = failures.get(key);
    if (!times) return [];
    const kept = times.filter((time) => time > at - windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  /** How long until fewer than `max` failures remain in the window; 0 when already below. */
  function waitFor(key: string, max: number, at: number): number {
    const times = recent(key, at);
    if (times.length < max) return 0;
    const freeing = times[times.length - max] ?? at;
    return freeing + windowMs - at;
  }

  function sweep(at: number): void {
    if (failures.size < SWEEP_THRESHOLD) return;
    for (const key of [...failures.keys()]) recent(key, at);
  }

  return {
    check(email, ip) {
      const at = now();
      const wait = Math.max(waitFor(emailKey(email), maxPerEmail, at), waitFor(ipKey(ip), maxPerIp, at));
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
    },
    recordFailure(email, ip) {
      const at = now();
      sweep(at);
      for (const key of [emailKey(email), ipKey(ip)]) failures.set(key, [...recent(key, at), at]);
    },
    recordSuccess(email) {
      failures.delete(emailKey(email));
    },
  };
}

/** Whole minutes to tell the user, never 0 while still blocked. */
export function minutesUntil(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
