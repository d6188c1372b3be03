import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeLiveTransport } from './fakeLiveTransport.ts';
import { createLiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { useLiveMetricValues } from './useLiveMetricValues.ts';

const microtasks = () => act(() => Promise.resolve());

function setup() {
  const fake = fakeLiveTransport();
  const subscriber = createLiveMetricSubscriber(fake.transport);
  return { fake, subscriber };
}

describe('useLiveMetricValues', () => {
  it('subscribes while mounted and shows the newest value of each of its paths', async () => {
    const { fake, subscriber } = setup();
    const { result, unmount } = renderHook(() => useLiveMetricValues(['1/10', '1/11'], subscriber));
    expect(result.current).toEqual({ values: {}, isConnected: false, isConnecting: true });
    act(() => fake.server().connected());
    expect(result.current.isConnected).toBe(true);
    expect(fake.subscribed).toEqual([['1/10', '1/11']]);

    act(() => {
      fake.send('1/10', 20);
      fake.send('1/10', 21);
    });
    expect(result.current.values['1/10']?.value).toBe(21);
    expect(result.current.values['1/11']).toBeUndefined();

    unmount();
    await microtasks();
    expect(fake.unsubscribed).toEqual([['1/10', '1/11']]);
  });

  it('does not resubscribe for a new array holding the same paths, and follows a real change', async () => {
    const { fake, subscriber } = setup();
    const { rerender, result } = renderHook(({ paths }) => useLiveMetricValues(paths, subscriber), {
      initialProps: { paths: ['1/10', '1/11'] },
    });
    act(() => fake.server().connected());
    act(() => fake.send('1/10', 5));
    rerender({ paths: ['1/11', '1/10'] });
    expect(fake.subscribed).toHaveLength(1);
    rerender({ paths: ['1/11', '1/12'] });
    await microtasks();
    // 1/11 is in both: it stays subscribed at the server.
    expect(fake.unsubscribed).toEqual([['1/10']]);
    expect(fake.subscribed).toEqual([['1/10', '1/11'], ['1/12']]);
    expect(result.current.values['1/10']).toBeUndefined();
  });

  it('starts from values another screen already receives', async () => {
    const { fake, subscriber } = setup();
    const first = renderHook(() => useLiveMetricValues(['1/10'], subscriber));
    act(() => fake.server().connected());
    act(() => fake.send('1/10', 7));
    const second = renderHook(() => useLiveMetricValues(['1/10'], subscriber));
    expect(second.result.current.values['1/10']?.value).toBe(7);
    expect(fake.subscribed).toEqual([['1/10']]);
    second.unmount();
    await microtasks();
    expect(fake.unsubscribed).toEqual([]);
    first.unmount();
    await microtasks();
    expect(fake.unsubscribed).toEqual([['1/10']]);
  });

  it('reports a dropped connection', () => {
    const { fake, subscriber } = setup();
    const { result } = renderHook(() => useLiveMetricValues(['1/10'], subscriber));
    act(() => fake.server().connected());
    act(() => fake.server().disconnected('transport close'));
    expect(result.current).toMatchObject({ isConnected: false, isConnecting: false });
    act(() => fake.server().reconnecting());
    expect(result.current).toMatchObject({ isConnected: false, isConnecting: true });
  });
});
