import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemorySignInLimiter,
  pairDelaySeconds,
  SIGN_IN_LIMITS,
  waitInWords,
  type SignInLimiter,
} from './signInLimiter.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** An attempt that turns out wrong: beginning it is all it takes to count it. */
async function fail(limiter: SignInLimiter, email: string, ip: string): Promise<boolean> {
  return (await limiter.begin(email, ip)).allowed;
}

async function succeed(limiter: SignInLimiter, email: string, ip: string): Promise<void> {
  const check = await limiter.begin(email, ip);
  if (!check.allowed) throw new Error('blocked');
  await check.attempt.succeeded();
}

const waitOf = async (limiter: SignInLimiter, email: string, ip: string) => {
  const check = await limiter.begin(email, ip);
  return check.allowed ? 0 : check.retryAfterMs;
};

/** Which limit refused the next attempt (null: none did): the sign-in page words the two apart. */
const refusedBy = async (limiter: SignInLimiter, email: string, ip: string) => {
  const check = await limiter.begin(email, ip);
  return check.allowed ? null : check.refusedBy;
};

// The memory store keeps time with Date.now and setTimeout: the fake clock moves it by hand, no real waits.
describe('sign-in limiter (in memory)', () => {
  let limiter: SignInLimiter;
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    limiter = createMemorySignInLimiter();
  });
  afterEach(() => vi.useRealTimers());

  it('lets a pair fail 5 times, then makes each further attempt wait twice as long: 1 s, 2 s, 4 s', async () => {
    for (let i = 0; i < 5; i++) expect(await fail(limiter, 'ada@example.test', '10.0.0.1')).toBe(true);
    expect(await waitOf(limiter, 'ada@example.test', '10.0.0.1')).toBe(SECOND);
    // The same pair whatever the letter case and spaces of the email.
    expect(await waitOf(limiter, ' ADA@example.test', '10.0.0.1')).toBe(SECOND);
    expect(await refusedBy(limiter, 'ada@example.test', '10.0.0.1')).toBe('pair');

    for (const wait of [2, 4, 8]) {
      vi.advanceTimersByTime(SECOND * (wait / 2) - 1);
      expect(await waitOf(limiter, 'ada@example.test', '10.0.0.1')).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await fail(limiter, 'ada@example.test', '10.0.0.1')).toBe(true);
      expect(await waitOf(limiter, 'ada@example.test', '10.0.0.1')).toBe(wait * SECOND);
    }
  });

  it('caps the wait at 15 minutes', () => {
    expect([5, 6, 7, 14, 15, 40].map((failures) => pairDelaySeconds(failures))).toEqual([
      1, 2, 4, 512, 900, 900,
    ]);
    expect(pairDelaySeconds(4)).toBe(0);
  });

  it('never slows the same account from another address: the owner signs in during a guesser’s wait', async () => {
    for (let i = 0; i < 14; i++) {
      await fail(limiter, 'bob@example.test', '203.0.113.7');
      vi.advanceTimersByTime(SIGN_IN_LIMITS.maxDelaySeconds * SECOND);
    }
    await fail(limiter, 'bob@example.test', '203.0.113.7');
    expect(await waitOf(limiter, 'bob@example.test', '203.0.113.7')).toBe(15 * MINUTE);
    await succeed(limiter, 'bob@example.test', '198.51.100.20');
    // Nor another account from the guesser's address.
    expect(await fail(limiter, 'cleo@example.test', '203.0.113.7')).toBe(true);
  });

  it('forgets a pair’s failures on a success', async () => {
    for (let i = 0; i < 5; i++) await fail(limiter, 'dora@example.test', '10.0.0.2');
    vi.advanceTimersByTime(SECOND);
    await succeed(limiter, 'Dora@example.test', '10.0.0.2');
    for (let i = 0; i < 5; i++) expect(await fail(limiter, 'dora@example.test', '10.0.0.2')).toBe(true);
    expect(await waitOf(limiter, 'dora@example.test', '10.0.0.2')).toBe(SECOND);
  });

  it('lets only one of the attempts racing past the free failures through, and does not count the others', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, () => limiter.begin('eve@example.test', '10.0.0.3')),
    );
    // The five free failures, the fifth opening the first wait: the other five find it taken.
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    vi.advanceTimersByTime(SECOND);
    // The refused ones left no count behind: the next failure is the 6th, and makes the next attempt wait 2 s.
    expect(await fail(limiter, 'eve@example.test', '10.0.0.3')).toBe(true);
    expect(await waitOf(limiter, 'eve@example.test', '10.0.0.3')).toBe(2 * SECOND);
  });

  it('keeps the per-address limit: 20 failures across emails in 15 minutes', async () => {
    for (let i = 0; i < 20; i++) expect(await fail(limiter, `user${i}@example.test`, '10.0.0.4')).toBe(true);
    expect(await waitOf(limiter, 'fresh@example.test', '10.0.0.4')).toBe(15 * MINUTE);
    // Refused by the address's cap, not by fresh@'s own failures (it has none).
    expect(await refusedBy(limiter, 'fresh@example.test', '10.0.0.4')).toBe('address');
    // Even the right password waits: the address is refused before any password is checked.
    expect((await limiter.begin('user1@example.test', '10.0.0.4')).allowed).toBe(false);
    expect(await fail(limiter, 'fresh@example.test', '10.0.0.5')).toBe(true);
    vi.advanceTimersByTime(15 * MINUTE);
    expect(await fail(limiter, 'fresh@example.test', '10.0.0.4')).toBe(true);
  });

  it('does not count a success against the address, nor forgive the address its failures', async () => {
    for (let i = 0; i < 4; i++) await fail(limiter, `other${i}@example.test`, '10.0.0.6');
    await succeed(limiter, 'fay@example.test', '10.0.0.6');
    for (let i = 0; i < 16; i++) expect(await fail(limiter, `more${i}@example.test`, '10.0.0.6')).toBe(true);
    expect((await limiter.begin('someone@example.test', '10.0.0.6')).allowed).toBe(false);
  });
});

it('says the wait in whole seconds under a minute, else in whole minutes, rounded up', () => {
  expect(
    [1, SECOND, SECOND + 1, 59 * SECOND, 60 * SECOND, 61 * SECOND, 15 * MINUTE].map(waitInWords),
  ).toEqual(['1 second', '1 second', '2 seconds', '59 seconds', '1 minute', '2 minutes', '15 minutes']);
});
