import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../../platform/live/liveTestKit.ts';
import { closeRedis, consoleLogger, openRedis } from '../../platform/live/redisConnection.ts';
import { createRedisSignInLimiter, type SignInLimiter } from './signInLimiter.ts';

const SECOND = 1000;

// Two server processes behind a load balancer: each has its own limiter, both count in the same Redis.
describe.runIf(await redisAvailable())('sign-in limiter in Redis', () => {
  const clients: Redis[] = [];
  let first: SignInLimiter;
  let second: SignInLimiter;
  // Keys of this run only: the counts of an earlier run may still be in Redis.
  const run = randomUUID();
  const email = (name: string) => `${name}-${run}@example.test`;
  const address = (n: number) => `10.0.0.${n} ${run}`;

  /** A server process's own connection (ready, as the server opens it) and limiter. */
  const serverProcess = async () => {
    const client = await openRedis(TEST_REDIS_URL, consoleLogger, 'sign-in limiter test');
    clients.push(client);
    return createRedisSignInLimiter(client);
  };

  beforeAll(async () => {
    first = await serverProcess();
    second = await serverProcess();
  });
  afterAll(async () => {
    await Promise.all(clients.map(closeRedis));
  });

  it('shares a pair’s failures and its wait between processes', async () => {
    for (let i = 0; i < 3; i++) expect((await first.begin(email('ada'), address(1))).allowed).toBe(true);
    for (let i = 0; i < 2; i++) expect((await second.begin(email('ada'), address(1))).allowed).toBe(true);
    const waiting = await first.begin(email('ada'), address(1));
    expect(waiting).toMatchObject({ allowed: false });
    if (waiting.allowed) return;
    expect(waiting.retryAfterMs).toBeGreaterThan(0);
    expect(waiting.retryAfterMs).toBeLessThanOrEqual(SECOND);
    expect((await second.begin(email('ada'), address(1))).allowed).toBe(false);

    // The same account from another address signs in meanwhile, through either process.
    const owner = await second.begin(email('ada'), address(2));
    if (!owner.allowed) throw new Error('the owner was refused');
    await owner.attempt.succeeded();
  });

  it('forgets a pair on a success seen by the other process', async () => {
    for (let i = 0; i < 4; i++) await first.begin(email('bob'), address(3));
    const right = await second.begin(email('bob'), address(3));
    if (!right.allowed) throw new Error('refused before the free failures were used');
    await right.attempt.succeeded();
    for (let i = 0; i < 5; i++) expect((await first.begin(email('bob'), address(3))).allowed).toBe(true);
    expect((await second.begin(email('bob'), address(3))).allowed).toBe(false);
  });

  it('shares the per-address limit', async () => {
    for (let i = 0; i < 20; i++) {
      const limiter = i % 2 ? first : second;
      expect((await limiter.begin(email(`user${i}`), address(4))).allowed).toBe(true);
    }
    expect((await first.begin(email('fresh'), address(4))).allowed).toBe(false);
    expect((await second.begin(email('fresh'), address(4))).allowed).toBe(false);
  });
});
