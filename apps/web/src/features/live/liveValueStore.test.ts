import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveTransport } from './fakeLiveTransport.ts';
import { createLiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { BURST_QUIET_MS, createLiveValueStore, useLiveValue, useLiveValueStore } from './liveValueStore.ts';

const PATHS = ['1/10', '1/11', '1/12', '1/13'];

function setUp() {
  const fake = fakeLiveTransport();
  const subscriber = createLiveMetricSubscriber(fake.transport);
  const store = createLiveValueStore(subscriber, PATHS, 100);
  return { fake, subscriber, store };
}

describe('live value store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the server only for the paths listened to, and lets a path go when its last listener leaves', async () => {
    const { fake, store } = setUp();
    const offFirst = store.subscribePath('1/10', () => undefined);
    store.subscribePath('1/11', () => undefined);
    const disconnect = store.connect();
    fake.server().connected();
    expect(fake.subscribed.flat().sort()).toEqual(['1/10', '1/11']);

    // A row scrolled into view is asked for with the others of its moment, in one call.
    store.subscribePath('1/12', () => undefined);
    store.subscribePath('1/13', () => undefined);
    offFirst();
    vi.advanceTimersByTime(50);
    expect(fake.subscribed.at(-1)).toEqual(['1/12', '1/13']);
    expect(fake.unsubscribed).toEqual([['1/10']]);

    disconnect();
    await Promise.resolve();
    expect(fake.unsubscribed.at(-1)?.sort()).toEqual(['1/11', '1/12', '1/13']);
  });

  it('asks for every path while the store itself has a listener (a screen of every value, an alarm filter)', () => {
    const { fake, store } = setUp();
    store.subscribePath('1/10', () => undefined);
    store.connect();
    fake.server().connected();
    const off = store.subscribe(() => undefined);
    expect(fake.subscribed.flat().sort()).toEqual(PATHS);
    off();
    vi.advanceTimersByTime(50);
    expect(fake.unsubscribed.flat().sort()).toEqual(['1/11', '1/12', '1/13']);
  });

  it('tells a path’s listeners only when its own value changed, once a batch', () => {
    const { fake, store } = setUp();
    const told = { '1/10': 0, '1/11': 0, store: 0 };
    store.subscribePath('1/10', () => told['1/10']++);
    store.subscribePath('1/11', () => told['1/11']++);
    store.subscribe(() => told.store++);
    store.connect();
    fake.server().connected();
    // The first value shows at once, once its burst went quiet.
    fake.send('1/10', 1);
    vi.advanceTimersByTime(BURST_QUIET_MS);
    expect(told).toEqual({ '1/10': 1, '1/11': 0, store: 1 });
    for (let value = 2; value < 20; value++) fake.send('1/10', value);
    fake.send('1/12', 5);
    vi.advanceTimersByTime(100);
    expect(told).toEqual({ '1/10': 2, '1/11': 0, store: 2 });
    expect(store.get('1/10')?.value).toBe(19);
    expect(store.snapshot().get('1/12')?.value).toBe(5);
  });

  it('draws a burst of values once and whole, however long it takes to arrive, and then at most once per flushMs', () => {
    const { fake, store } = setUp();
    const batches: number[] = [];
    store.subscribe(() => batches.push(store.snapshot().size));
    store.connect();
    fake.server().connected();
    // One ingest: its four values arrive a few ms apart, never BURST_QUIET_MS apart.
    for (const path of PATHS) {
      fake.send(path, 1);
      vi.advanceTimersByTime(BURST_QUIET_MS - 1);
    }
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([4]);
    // A stream that never goes quiet still shows, flushMs after its first value.
    for (let tick = 0; tick < 40; tick++) {
      fake.send(PATHS[tick % 2] ?? '1/10', tick);
      vi.advanceTimersByTime(BURST_QUIET_MS - 1);
    }
    expect(batches.length).toBe(2);
    expect(store.get('1/10')?.value).toBeLessThan(38);
  });

  it('keeps the last value of a path let go, to show at once when it is listened to again', () => {
    const { fake, store } = setUp();
    const off = store.subscribePath('1/10', () => undefined);
    store.connect();
    fake.server().connected();
    fake.send('1/10', 21.5);
    vi.advanceTimersByTime(BURST_QUIET_MS);
    off();
    vi.advanceTimersByTime(50);
    expect(fake.unsubscribed).toEqual([['1/10']]);
    expect(store.get('1/10')?.value).toBe(21.5);
  });
});

describe('useLiveValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders a row when its own value changes, not when another row’s does', () => {
    const fake = fakeLiveTransport();
    const subscriber = createLiveMetricSubscriber(fake.transport);
    const { result: page } = renderHook(() => useLiveValueStore(PATHS, 100, subscriber));
    const store = page.current;
    const renders = { first: 0, second: 0 };
    const first = renderHook(() => {
      renders.first++;
      return useLiveValue(store, '1/10');
    });
    const second = renderHook(() => {
      renders.second++;
      return useLiveValue(store, '1/11');
    });
    // The rows mounted after the page connected: they are asked for together a moment later.
    act(() => {
      vi.advanceTimersByTime(50);
    });
    act(() => fake.server().connected());
    expect(fake.subscribed.flat().sort()).toEqual(['1/10', '1/11']);
    const before = { ...renders };
    act(() => {
      for (let value = 0; value < 30; value++) fake.send('1/10', value);
      vi.advanceTimersByTime(100);
    });
    expect(first.result.current?.value).toBe(29);
    expect(second.result.current).toBeUndefined();
    expect(renders.first - before.first).toBe(1);
    expect(renders.second - before.second).toBe(0);
  });
});
