import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { closeRedis, openRedis, type LiveLogger } from '../../platform/live/redisConnection.ts';

/**
 * Slows password guessing without handing anyone a way to lock a colleague out:
 *
 * - per account-and-address pair, failures past the free ones make the next attempt wait, the wait doubling with
 *   each further failure (1 s, 2 s, 4 s … at most 15 minutes); a success clears the pair. A guesser aiming at
 *   someone's account slows only their own address's attempts: the owner, from their own address, signs in.
 * - per client address, failures across every account are capped in a window, so one address cannot walk
 *   through many accounts' free failures.
 *
 * The counts live in Redis when REDIS_URL is set, so that every server process behind a load balancer counts the
 * same attempts, and in this process's memory otherwise (a single process).
 */
export const SIGN_IN_LIMITS = {
  /** Failures of one pair before any wait. */
  freeFailuresPerPair: 5,
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  /** A pair's failures are forgotten this long after its first one (a success forgets them at once). */
  pairMemorySeconds: 24 * 60 * 60,
  maxFailuresPerIp: 20,
  ipWindowSeconds: 15 * 60,
} as const;

export type SignInLimits = typeof SIGN_IN_LIMITS;

/** An attempt under way: counted as a failure from the moment it begins, until it succeeds. */
export interface SignInAttempt {
  /** The password was right: this attempt is no failure, and the pair's failures are forgiven (not the address's). */
  succeeded(): Promise<void>;
}

/**
 * Which limit refused: the pair's wait (this email from this address), or the address's cap across every email,
 * which a user may reach through colleagues' failures behind the same address, so the page words it apart.
 */
export type SignInRefusal = 'pair' | 'address';

export type SignInCheck =
  | { allowed: true; attempt: SignInAttempt }
  | { allowed: false; retryAfterMs: number; refusedBy: SignInRefusal };

export interface SignInLimiter {
  /**
   * Asked before the password is verified. An allowed attempt is counted as a failure at once, so that many
   * attempts sent in parallel cannot all pass the check before the first of them is found wrong.
   */
  begin(email: string, ip: string): Promise<SignInCheck>;
  close(): Promise<void>;
}

/** The wait before the attempt after a pair's `failures`-th failure, in whole seconds (0: none). */
export function pairDelaySeconds(failures: number, limits: SignInLimits = SIGN_IN_LIMITS): number {
  const past = failures - limits.freeFailuresPerPair;
  if (past < 0) return 0;
  return Math.min(limits.firstDelaySeconds * 2 ** past, limits.maxDelaySeconds);
}

/** The three counters, in one store: failures per pair, the pair's current wait, failures per address. */
interface Counters {
  pairFailures: RateLimiterAbstract;
  /** A key present while the pair waits: one point, expiring with the wait (the duration is set per wait). */
  pairWait: RateLimiterAbstract;
  ipFailures: RateLimiterAbstract;
}

type CounterOptions = { keyPrefix: string; points: number; duration: number };

function counterOptions(limits: SignInLimits): Record<keyof Counters, CounterOptions> {
  return {
    pairFailures: {
      keyPrefix: 'kelvin:sign-in:pair-failures',
      // Never refused by itself: the count only sets the wait.
      points: Number.MAX_SAFE_INTEGER,
      duration: limits.pairMemorySeconds,
    },
    pairWait: { keyPrefix: 'kelvin:sign-in:pair-wait', points: 1, duration: limits.maxDelaySeconds },
    ipFailures: {
      keyPrefix: 'kelvin:sign-in:ip-failures',
      points: limits.maxFailuresPerIp,
      duration: limits.ipWindowSeconds,
    },
  };
}

function memoryCounters(limits: SignInLimits): Counters {
  const options = counterOptions(limits);
  return {
    pairFailures: new RateLimiterMemory(options.pairFailures),
    pairWait: new RateLimiterMemory(options.pairWait),
    ipFailures: new RateLimiterMemory(options.ipFailures),
  };
}

/**
 * Counters in Redis. While Redis is unreachable each falls back to one in this process's memory (the library's
 * insurance limiter), so that sign-in keeps working, limited per process, instead of failing.
 */
function redisCounters(client: Redis, limits: SignInLimits): Counters {
  const options = counterOptions(limits);
  const insured = (counter: CounterOptions) =>
    new RateLimiterRedis({
      ...counter,
      storeClient: client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(counter),
    });
  return {
    pairFailures: insured(options.pairFailures),
    pairWait: insured(options.pairWait),
    ipFailures: insured(options.ipFailures),
  };
}

/** The pair as a fixed-size key: the store never holds an email in clear, however long the one typed. */
function pairKey(email: string, ip: string): string {
  return createHash('sha256').update(`${ip}\n${email.trim().toLowerCase()}`).digest('base64url');
}

/** A counter refused: the library rejects with its result; anything else (a store failure) is passed on. */
async function refusal(consume: Promise<RateLimiterRes>): Promise<RateLimiterRes | null> {
  try {
    await consume;
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  }
}

const refused = (refusedBy: SignInRefusal, msBeforeNext: number): SignInCheck => ({
  allowed: false,
  retryAfterMs: Math.max(1, msBeforeNext),
  refusedBy,
});

function limiterOver(counters: Counters, limits: SignInLimits, close: () => Promise<void>): SignInLimiter {
  const { pairFailures, pairWait, ipFailures } = counters;
  return {
    async begin(email, ip) {
      const pair = pairKey(email, ip);
      // Waiting already: refused without counting anything (the attempt never reaches the password).
      const [address, wait] = await Promise.all([ipFailures.get(ip), pairWait.get(pair)]);
      if (address && address.consumedPoints >= limits.maxFailuresPerIp)
        return refused('address', address.msBeforeNext);
      if (wait && wait.consumedPoints >= 1) return refused('pair', wait.msBeforeNext);

      // Counted from now on, by atomic increments: attempts racing each other each get their own count.
      const overAddress = await refusal(ipFailures.consume(ip));
      if (overAddress) return refused('address', overAddress.msBeforeNext);
      const failures = (await pairFailures.penalty(pair)).consumedPoints;
      const delay = pairDelaySeconds(failures, limits);
      if (delay > 0) {
        // This attempt opens the pair's next wait. Only one attempt can hold a wait: of attempts racing past the
        // free failures, the others find it taken and are refused, and their counts are taken back.
        const taken = await refusal(pairWait.consume(pair, 1, { customDuration: delay }));
        if (taken && failures > limits.freeFailuresPerPair) {
          await Promise.all([ipFailures.reward(ip), pairFailures.reward(pair)]);
          return refused('pair', taken.msBeforeNext);
        }
      }
      return {
        allowed: true,
        attempt: {
          async succeeded() {
            await Promise.all([pairFailures.delete(pair), pairWait.delete(pair), ipFailures.reward(ip)]);
          },
        },
      };
    },
    close,
  };
}

/** A limiter counting in this process's memory: one server process, and tests. */
export function createMemorySignInLimiter(limits: SignInLimits = SIGN_IN_LIMITS): SignInLimiter {
  return limiterOver(memoryCounters(limits), limits, () => Promise.resolve());
}

/** A limiter counting in Redis through `client`, which stays the caller's to close. */
export function createRedisSignInLimiter(
  client: Redis,
  limits: SignInLimits = SIGN_IN_LIMITS,
): SignInLimiter {
  return limiterOver(redisCounters(client, limits), limits, () => Promise.resolve());
}

/** The limiter for this configuration: in Redis when REDIS_URL is set (closed with the limiter), else in memory. */
export async function openSignInLimiter(options: {
  redisUrl: string | undefined;
  logger: LiveLogger;
}): Promise<SignInLimiter> {
  if (!options.redisUrl) return createMemorySignInLimiter();
  const client = await openRedis(options.redisUrl, options.logger, 'sign-in limiter');
  return limiterOver(redisCounters(client, SIGN_IN_LIMITS), SIGN_IN_LIMITS, () => closeRedis(client));
}

/** The wait in words for the sign-in page: whole seconds under a minute, else whole minutes, rounded up. */
export function waitInWords(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
