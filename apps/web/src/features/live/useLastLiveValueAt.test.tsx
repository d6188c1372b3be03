import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeLiveTransport } from './fakeLiveTransport.ts';
import { createLiveMetricSubscriber } from './liveMetricSubscriber.ts';
import { useLastLiveValueAt } from './useLastLiveValueAt.ts';

describe('useLastLiveValueAt', () => {
  it('follows the newest value of its asset among what the connection receives, and only its asset', () => {
    const fake = fakeLiveTransport();
    const subscriber = createLiveMetricSubscriber(fake.transport);
    // A screen's rows hold the paths; the hook subscribes none of its own.
    subscriber.subscribe(['7/10', '7/11', '8/10']);
    const { result } = renderHook(() => useLastLiveValueAt(7, subscriber));
    expect(result.current).toBeNull();
    act(() => fake.server().connected());
    expect(fake.subscribed).toEqual([['7/10', '7/11', '8/10']]);

    act(() => fake.send('7/10', 20, 5_000));
    expect(result.current).toBe(5_000);
    act(() => fake.send('8/10', 20, 9_000));
    expect(result.current).toBe(5_000);
    // An older value (another metric's last one) does not move it back.
    act(() => fake.send('7/11', 3, 4_000));
    expect(result.current).toBe(5_000);
    act(() => fake.send('7/11', 4, 15_000));
    expect(result.current).toBe(15_000);
  });
});
