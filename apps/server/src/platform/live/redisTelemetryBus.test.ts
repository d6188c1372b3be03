import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { IngestedValue, TelemetryBus } from '../events/telemetryBus.ts';
import { eventually, redisAvailable, settle, TEST_REDIS_URL } from './liveTestKit.ts';
import { openTelemetryBus } from './redisTelemetryBus.ts';

const logger = Fastify({ logger: false }).log;
const withRedis = await redisAvailable();
const reading: IngestedValue = { assetId: 1, metricId: 2, value: 3, timestamp: 4, status: 0, units: null };

describe('telemetry bus from configuration', () => {
  it('is in-process without a Redis URL', async () => {
    const bus = await openTelemetryBus({ redisUrl: undefined, logger });
    const heard: unknown[] = [];
    bus.subscribe((values) => heard.push(values));
    bus.publish([reading]);
    await settle();
    expect(heard).toEqual([[reading]]);
    await bus.close();
  });

  it('fails fast when Redis is not there, naming the host but not the password', async () => {
    const error = await openTelemetryBus({ redisUrl: 'redis://:hunter2@127.0.0.1:1', logger }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain('Redis is not reachable at redis://127.0.0.1:1');
    expect(message).not.toContain('hunter2');
  });
});

describe.runIf(withRedis)('Redis telemetry bus', () => {
  const channel = `kelvin-test:${randomUUID()}:telemetry`;
  const buses: TelemetryBus[] = [];
  const open = async () => {
    const bus = await openTelemetryBus({ redisUrl: TEST_REDIS_URL, logger, channel });
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('delivers to its own listeners once and to the other processes once', async () => {
    const [a, b] = [await open(), await open()];
    const heardA: IngestedValue[][] = [];
    const heardB: IngestedValue[][] = [];
    a.subscribe((values) => heardA.push([...values]));
    b.subscribe((values) => heardB.push([...values]));
    a.publish([reading]);
    await settle();
    expect(heardA).toEqual([[reading]]);
    await eventually(() => expect(heardB).toEqual([[reading]]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardA).toHaveLength(1);
    expect(heardB).toHaveLength(1);
  });

  it('ignores malformed messages on its channel', async () => {
    const bus = await open();
    const heard: unknown[] = [];
    bus.subscribe((values) => heard.push(values));
    const intruder = new Redis(TEST_REDIS_URL);
    try {
      await intruder.publish(channel, 'not json');
      await intruder.publish(channel, JSON.stringify({ origin: 'x', values: [{ assetId: 'one' }] }));
      await intruder.publish(channel, JSON.stringify({ origin: 'x', values: [reading] }));
      await eventually(() => expect(heard).toEqual([[reading]]));
    } finally {
      await intruder.quit();
    }
  });
});
