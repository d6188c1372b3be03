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

/** An attempt under way: counted as a failure from the moment it begins, until it succeeds. */
export interface SignInAttempt {
  /** The password was right: this attempt is no failure, and the email's failures are forgiven (not the IP's). */
  succeeded(): void;
}

export type SignInCheck =
  { allowed: true; attempt: SignInAttempt } | { allowed: false; retryAfterMs: number };

export interface SignInLimiter {
  /**
   * Asked before the password is verified. An allowed attempt is counted as a failure at once, so that many
   * attempts sent in parallel cannot all pass the check before the first of them is found wrong.
   */
  begin(email: string, ip: string): SignInCheck;
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

  function remove(key: string, time: number): void {
    const times = failures.get(key);
    const index = times?.indexOf(time) ?? -1;
    if (times && index >= 0) times.splice(index, 1);
  }

  return {
    begin(email, ip) {
      const at = now();
      const wait = Math.max(waitFor(emailKey(email), maxPerEmail, at), waitFor(ipKey(ip), maxPerIp, at));
      if (wait > 0) return { allowed: false, retryAfterMs: wait };
      sweep(at);
      for (const key of [emailKey(email), ipKey(ip)]) failures.set(key, [...recent(key, at), at]);
      return {
        allowed: true,
        attempt: {
          succeeded() {
            remove(ipKey(ip), at);
            failures.delete(emailKey(email));
          },
        },
      };
    },
  };
}

/** Whole minutes to tell the user, never 0 while still blocked. */
export function minutesUntil(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
