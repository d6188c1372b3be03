import { describe, expect, it } from 'vitest';
import { createSignInLimiter, minutesUntil, type SignInLimiter } from './signInLimiter.ts';

const MINUTE = 60_000;

function limiterWithClock() {
  let time = Date.UTC(2025, 0, 1);
  const limiter = createSignInLimiter({ now: () => time });
  return {
    limiter,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** An attempt that turns out wrong: beginning it is all it takes to count it. */
function fail(limiter: SignInLimiter, email: string, ip: string): boolean {
  return limiter.begin(email, ip).allowed;
}

function succeed(limiter: SignInLimiter, email: string, ip: string): void {
  const check = limiter.begin(email, ip);
  if (!check.allowed) throw new Error('blocked');
  check.attempt.succeeded();
}

describe('sign-in limiter', () => {
  it('allows 5 failures per email within 15 minutes, then blocks until the oldest leaves the window', () => {
    const { limiter, advance } = limiterWithClock();
    for (let i = 0; i < 5; i++) {
      expect(fail(limiter, 'ada@example.test', '10.0.0.1')).toBe(true);
      advance(MINUTE);
    }
    // Failures at t = 0..4 min; now t = 5 min: the first frees up at t = 15 min.
    expect(limiter.begin('ada@example.test', '10.0.0.1')).toEqual({
      allowed: false,
      retryAfterMs: 10 * MINUTE,
    });
    // The email is blocked from any address, and regardless of letter case.
    expect(limiter.begin(' ADA@example.test', '10.9.9.9').allowed).toBe(false);
    // Other emails from the same address are not.
    expect(fail(limiter, 'bob@example.test', '10.0.0.1')).toBe(true);

    advance(10 * MINUTE - 1);
    expect(limiter.begin('ada@example.test', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 1 });
    advance(1);
    // One failure left the window: one more attempt is allowed, and counted, so the next is blocked again.
    expect(fail(limiter, 'ada@example.test', '10.0.0.1')).toBe(true);
    expect(limiter.begin('ada@example.test', '10.0.0.1').allowed).toBe(false);
  });

  it('counts attempts as they begin, so parallel guesses cannot pass the check together', () => {
    const { limiter } = limiterWithClock();
    // Ten attempts begun before any password is checked: only five get through.
    const verdicts = Array.from({ length: 10 }, () => limiter.begin('ada@example.test', '10.0.0.9').allowed);
    expect(verdicts.filter(Boolean)).toHaveLength(5);
  });

  it('allows 20 failures per client address across emails', () => {
    const { limiter, advance } = limiterWithClock();
    for (let i = 0; i < 20; i++) expect(fail(limiter, `user${i}@example.test`, '10.0.0.2')).toBe(true);
    expect(limiter.begin('fresh@example.test', '10.0.0.2')).toEqual({
      allowed: false,
      retryAfterMs: 15 * MINUTE,
    });
    expect(fail(limiter, 'fresh@example.test', '10.0.0.3')).toBe(true);
    advance(15 * MINUTE);
    expect(fail(limiter, 'fresh@example.test', '10.0.0.2')).toBe(true);
  });

  it('does not count a successful attempt, and forgives the email its failures but not the address', () => {
    const { limiter } = limiterWithClock();
    for (let i = 0; i < 4; i++) fail(limiter, 'ada@example.test', '10.0.0.4');
    succeed(limiter, 'Ada@example.test', '10.0.0.4');
    for (let i = 0; i < 5; i++) expect(fail(limiter, 'ada@example.test', '10.0.0.5')).toBe(true);
    expect(limiter.begin('ada@example.test', '10.0.0.5').allowed).toBe(false);

    // The address keeps its 4 failures; the success itself was not one of them.
    for (let i = 0; i < 16; i++) expect(fail(limiter, `other${i}@example.test`, '10.0.0.4')).toBe(true);
    expect(limiter.begin('someone@example.test', '10.0.0.4').allowed).toBe(false);
  });

  it('rounds the wait up to whole minutes, at least one', () => {
    expect(minutesUntil(1)).toBe(1);
    expect(minutesUntil(MINUTE)).toBe(1);
    expect(minutesUntil(MINUTE + 1)).toBe(2);
    expect(minutesUntil(15 * MINUTE)).toBe(15);
  });
});
