import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveTransport } from '../live/fakeLiveTransport.ts';
import { createLiveMetricSubscriber } from '../live/liveMetricSubscriber.ts';
import { useBatchedLiveValues } from './useBatchedLiveValues.ts';

function setup() {
  const fake = fakeLiveTransport();
  const subscriber = createLiveMetricSubscriber(fake.transport);
  return { fake, subscriber };
}

afterEach(() => vi.useRealTimers());

describe('useBatchedLiveValues', () => {
  it('hands many values to React in one render per batch', () => {
    vi.useFakeTimers();
    const { fake, subscriber } = setup();
    let renders = 0;
    const paths = Array.from({ length: 50 }, (_, index) => `${index + 1}/7`);
    const { result } = renderHook(() => {
      renders++;
      return useBatchedLiveValues(paths, 1000, subscriber);
    });
    act(() => fake.server().connected());
    expect(fake.subscribed.flat()).toHaveLength(50);
    const before = renders;
    // The first value shows at once.
    act(() => {
      fake.send('1/7', 10);
      vi.advanceTimersByTime(0);
    });
    expect(result.current.get('1/7')?.value).toBe(10);
    // The next 49 (and a newer value of the first) wait for the end of the second, then come in one render.
    act(() => {
      for (let index = 2; index <= 50; index++) fake.send(`${index}/7`, index);
      fake.send('1/7', 11);
    });
    expect(result.current.size).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.size).toBe(50);
    expect(result.current.get('1/7')?.value).toBe(11);
    expect(renders - before).toBe(2);
  });

  it('opens no connection without paths, and unsubscribes what it held when unmounted', async () => {
    const { fake, subscriber } = setup();
    const empty = renderHook(() => useBatchedLiveValues([], 1000, subscriber));
    expect(fake.opens).toBe(0);
    empty.unmount();
    const { unmount } = renderHook(() => useBatchedLiveValues(['1/7', '2/7'], 1000, subscriber));
    act(() => fake.server().connected());
    unmount();
    await act(() => Promise.resolve());
    expect(fake.unsubscribed).toEqual([['1/7', '2/7']]);
  });
});
