import { describe, expect, it } from 'vitest';
import { createSignInLimiter, minutesUntil } from './signInLimiter.ts';

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

describe('sign-in limiter', () => {
  it('allows 5 failures per email within 15 minutes, then blocks until the oldest leaves the window', () => {
    const { limiter, advance } = limiterWithClock();
    for (let i = 0; i < 5; i++) {
      expect(limiter.check('ada@example.test', '10.0.0.1')).toEqual({ allowed: true });
      limiter.recordFailure('ada@example.test', '10.0.0.1');
      advance(MINUTE);
    }
    // Failures at t = 0..4 min; now t = 5 min: the first frees up at t = 15 min.
    expect(limiter.check('ada@example.test', '10.0.0.1')).toEqual({
      allowed: false,
      retryAfterMs: 10 * MINUTE,
    });
    // The email is blocked from any address, and regardless of letter case.
    expect(limiter.check(' ADA@example.test', '10.9.9.9').allowed).toBe(false);
    // Other emails from the same address are not.
    expect(limiter.check('bob@example.test', '10.0.0.1').allowed).toBe(true);

    advance(10 * MINUTE - 1);
    expect(limiter.check('ada@example.test', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 1 });
    advance(1);
    expect(limiter.check('ada@example.test', '10.0.0.1')).toEqual({ allowed: true });
    // Only one failure left the window: one more failure blocks again.
    limiter.recordFailure('ada@example.test', '10.0.0.1');
    expect(limiter.check('ada@example.test', '10.0.0.1').allowed).toBe(false);
  });

  it('allows 20 failures per client address across emails', () => {
    const { limiter, advance } = limiterWithClock();
    for (let i = 0; i < 20; i++) {
      expect(limiter.check(`user${i}@example.test`, '10.0.0.2').allowed).toBe(true);
      limiter.recordFailure(`user${i}@example.test`, '10.0.0.2');
    }
    expect(limiter.check('fresh@example.test', '10.0.0.2')).toEqual({
      allowed: false,
      retryAfterMs: 15 * MINUTE,
    });
    expect(limiter.check('fresh@example.test', '10.0.0.3').allowed).toBe(true);
    advance(15 * MINUTE);
    expect(limiter.check('fresh@example.test', '10.0.0.2').allowed).toBe(true);
  });

  it('forgives an email its failures after a successful sign-in, but not the address', () => {
    const { limiter } = limiterWithClock();
    for (let i = 0; i < 5; i++) limiter.recordFailure('ada@example.test', '10.0.0.4');
    expect(limiter.check('ada@example.test', '10.0.0.5').allowed).toBe(false);
    limiter.recordSuccess('Ada@example.test');
    expect(limiter.check('ada@example.test', '10.0.0.5').allowed).toBe(true);

    for (let i = 0; i < 15; i++) limiter.recordFailure(`other${i}@example.test`, '10.0.0.4');
    expect(limiter.check('ada@example.test', '10.0.0.4').allowed).toBe(false);
  });

  it('rounds the wait up to whole minutes, at least one', () => {
    expect(minutesUntil(1)).toBe(1);
    expect(minutesUntil(MINUTE)).toBe(1);
    expect(minutesUntil(MINUTE + 1)).toBe(2);
    expect(minutesUntil(15 * MINUTE)).toBe(15);
  });
});
