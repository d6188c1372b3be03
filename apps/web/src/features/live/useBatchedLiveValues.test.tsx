import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveTransport } from './fakeLiveTransport.ts';
import { createLiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { BURST_QUIET_MS } from './liveValueStore.ts';
import { useBatchedLiveValues } from './useBatchedLiveValues.ts';

describe('useBatchedLiveValues', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands values to React once per batch, the newest of each path', () => {
    const fake = fakeLiveTransport();
    const subscriber = createLiveMetricSubscriber(fake.transport);
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useBatchedLiveValues(['1/10', '1/11'], 100, subscriber);
    });
    act(() => fake.server().connected());
    expect(fake.subscribed).toEqual([['1/10', '1/11']]);
    const before = renders;
    act(() => {
      for (let value = 0; value < 50; value++) fake.send('1/10', value);
      fake.send('1/11', 7);
      fake.send('1/12', 1); // not asked for
    });
    expect(result.current.size).toBe(0);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current.get('1/10')?.value).toBe(49);
    expect(result.current.get('1/11')?.value).toBe(7);
    expect(result.current.has('1/12')).toBe(false);
    expect(renders - before).toBe(1);
  });

  it('shows the first value as soon as its burst went quiet, and later ones after the interval', () => {
    const fake = fakeLiveTransport();
    const subscriber = createLiveMetricSubscriber(fake.transport);
    const paths = Array.from({ length: 50 }, (_, index) => `${index + 1}/7`);
    const { result } = renderHook(() => useBatchedLiveValues(paths, 1000, subscriber));
    act(() => fake.server().connected());
    act(() => {
      fake.send('1/7', 10);
      vi.advanceTimersByTime(BURST_QUIET_MS);
    });
    expect(result.current.get('1/7')?.value).toBe(10);
    act(() => {
      for (let index = 2; index <= 50; index++) fake.send(`${index}/7`, index);
    });
    expect(result.current.size).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.size).toBe(50);
  });

  it('opens no connection without paths', () => {
    const fake = fakeLiveTransport();
    const subscriber = createLiveMetricSubscriber(fake.transport);
    renderHook(() => useBatchedLiveValues([], 1000, subscriber)).unmount();
    expect(fake.opens).toBe(0);
  });
});
