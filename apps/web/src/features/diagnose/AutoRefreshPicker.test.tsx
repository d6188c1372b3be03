import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoRefresh } from './AutoRefreshPicker.tsx';

describe('useAutoRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes at the chosen interval while following, and stops when told', () => {
    const refresh = vi.fn();
    const { rerender, unmount } = renderHook(
      ({ everyMs, enabled }: { everyMs: number; enabled: boolean }) =>
        useAutoRefresh(everyMs, enabled, refresh),
      { initialProps: { everyMs: 10_000, enabled: true } },
    );
    vi.advanceTimersByTime(30_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    rerender({ everyMs: 10_000, enabled: false });
    vi.advanceTimersByTime(30_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    rerender({ everyMs: 0, enabled: true });
    vi.advanceTimersByTime(30_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    rerender({ everyMs: 60_000, enabled: true });
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(4);
    unmount();
    vi.advanceTimersByTime(120_000);
    expect(refresh).toHaveBeenCalledTimes(4);
  });
});
