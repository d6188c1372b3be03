import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { signInFailures } from '../../platform/db/schema.ts';
import { openTestDatabase, postgresAvailable, type TestDatabaseKind } from '../../testing/testServer.ts';
import { createSignInLimiter, minutesUntil, type SignInLimiter } from './signInLimiter.ts';

const MINUTE = 60_000;
const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

/** An attempt that turns out wrong: beginning it is all it takes to count it. */
async function fail(limiter: SignInLimiter, email: string, ip: string): Promise<boolean> {
  return (await limiter.begin(email, ip)).allowed;
}

async function succeed(limiter: SignInLimiter, email: string, ip: string): Promise<void> {
  const check = await limiter.begin(email, ip);
  if (!check.allowed) throw new Error('blocked');
  await check.attempt.succeeded();
}

describe.each(kinds)('sign-in limiter on %s', (kind) => {
  let database: Database;
  let time = Date.UTC(2025, 0, 1);
  const advance = (ms: number) => {
    time += ms;
  };
  /** A limiter of its own, as one server process has; all share the test's database and clock. */
  const serverProcess = () => createSignInLimiter({ db: database.db, now: () => time });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('allows 5 failures per email within 15 minutes, then blocks until the oldest leaves the window', async () => {
    const limiter = serverProcess();
    for (let i = 0; i < 5; i++) {
      expect(await fail(limiter, 'ada@example.test', '10.0.0.1')).toBe(true);
      advance(MINUTE);
    }
    // Failures at t = 0..4 min; now t = 5 min: the first frees up at t = 15 min.
    expect(await limiter.begin('ada@example.test', '10.0.0.1')).toEqual({
      allowed: false,
      retryAfterMs: 10 * MINUTE,
    });
    // The email is blocked from any address, and regardless of letter case.
    expect((await limiter.begin(' ADA@example.test', '10.9.9.9')).allowed).toBe(false);
    // Other emails from the same address are not.
    expect(await fail(limiter, 'bob@example.test', '10.0.0.1')).toBe(true);

    advance(10 * MINUTE - 1);
    expect(await limiter.begin('ada@example.test', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 1 });
    advance(1);
    // One failure left the window: one more attempt is allowed, and counted, so the next is blocked again.
    expect(await fail(limiter, 'ada@example.test', '10.0.0.1')).toBe(true);
    expect((await limiter.begin('ada@example.test', '10.0.0.1')).allowed).toBe(false);
  });

  it('counts the attempts of every process: spreading guesses over servers gains nothing', async () => {
    const [first, second] = [serverProcess(), serverProcess()];
    for (let i = 0; i < 3; i++) expect(await fail(first, 'cleo@example.test', `10.1.0.${i}`)).toBe(true);
    for (let i = 0; i < 2; i++) expect(await fail(second, 'cleo@example.test', `10.2.0.${i}`)).toBe(true);
    expect((await first.begin('cleo@example.test', '10.3.0.1')).allowed).toBe(false);
    expect((await second.begin('cleo@example.test', '10.3.0.2')).allowed).toBe(false);
  });

  it('never lets attempts racing each other past the limit, and does not count those it refused', async () => {
    const [first, second] = [serverProcess(), serverProcess()];
    // Ten attempts begun at once on two processes, before any password is checked.
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? first : second).begin('dora@example.test', '10.0.0.9'),
      ),
    );
    const allowed = verdicts.filter((verdict) => verdict.allowed).length;
    expect(allowed).toBeLessThanOrEqual(5);
    // Refused attempts left nothing behind: one at a time, exactly the rest of the five get through.
    for (let i = allowed; i < 5; i++) expect(await fail(first, 'dora@example.test', '10.0.0.9')).toBe(true);
    expect((await second.begin('dora@example.test', '10.0.0.9')).allowed).toBe(false);
  });

  it('allows 20 failures per client address across emails', async () => {
    const limiter = serverProcess();
    for (let i = 0; i < 20; i++) expect(await fail(limiter, `user${i}@example.test`, '10.0.0.2')).toBe(true);
    expect(await limiter.begin('fresh@example.test', '10.0.0.2')).toEqual({
      allowed: false,
      retryAfterMs: 15 * MINUTE,
    });
    expect(await fail(limiter, 'fresh@example.test', '10.0.0.3')).toBe(true);
    advance(15 * MINUTE);
    expect(await fail(limiter, 'fresh@example.test', '10.0.0.2')).toBe(true);
  });

  it('does not count a successful attempt, and forgives the email its failures but not the address', async () => {
    const limiter = serverProcess();
    for (let i = 0; i < 4; i++) await fail(limiter, 'eve@example.test', '10.0.0.4');
    await succeed(limiter, 'Eve@example.test', '10.0.0.4');
    for (let i = 0; i < 5; i++) expect(await fail(limiter, 'eve@example.test', '10.0.0.5')).toBe(true);
    expect((await limiter.begin('eve@example.test', '10.0.0.5')).allowed).toBe(false);

    // The address keeps its 4 failures; the success itself was not one of them.
    for (let i = 0; i < 16; i++) expect(await fail(limiter, `other${i}@example.test`, '10.0.0.4')).toBe(true);
    expect((await limiter.begin('someone@example.test', '10.0.0.4')).allowed).toBe(false);
  });

  it('sweeps attempts that have left the window', async () => {
    const limiter = serverProcess();
    await fail(limiter, 'fay@example.test', '10.0.0.6');
    advance(15 * MINUTE);
    await fail(limiter, 'fay@example.test', '10.0.0.7');
    await limiter.sweep();
    const left = await database.db.select().from(signInFailures);
    expect(left.map((row) => row.at.getTime())).toEqual([time, time]);
  });
});

it('rounds the wait up to whole minutes, at least one', () => {
  expect(minutesUntil(1)).toBe(1);
  expect(minutesUntil(MINUTE)).toBe(1);
  expect(minutesUntil(MINUTE + 1)).toBe(2);
  expect(minutesUntil(15 * MINUTE)).toBe(15);
});
