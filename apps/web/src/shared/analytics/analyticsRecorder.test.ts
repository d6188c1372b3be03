import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsItem } from '@kelvin/contract';
import { ANALYTICS_FLUSH_MS, createAnalyticsRecorder } from './analyticsRecorder.ts';

const at = new Date('2026-05-01T10:00:00Z');

describe('analytics recorder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('batches page views and events and sends them once after a few seconds', () => {
    const send = vi.fn((_items: AnalyticsItem[], _leaving: boolean) => Promise.resolve());
    const recorder = createAnalyticsRecorder(send, { now: () => at });
    recorder.page('/user/tickets');
    recorder.event('ticket created', { priority: 'high' });
    recorder.page('/user/tickets/:ticketId/details');
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledWith(
      [
        { kind: 'page', name: '/user/tickets', at: at.toISOString() },
        {
          kind: 'event',
          name: 'ticket created',
          path: '/user/tickets',
          properties: { priority: 'high' },
          at: at.toISOString(),
        },
        { kind: 'page', name: '/user/tickets/:ticketId/details', at: at.toISOString() },
      ],
      false,
    );
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS * 3);
    expect(send).toHaveBeenCalledOnce();
  });

  it('never records the bare root', () => {
    const send = vi.fn(() => Promise.resolve());
    const recorder = createAnalyticsRecorder(send);
    recorder.page('/');
    recorder.page('');
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends at once, marked as leaving, when the page is hidden, and splits long queues into batches of 50', () => {
    const send = vi.fn((_items: AnalyticsItem[], _leaving: boolean) => Promise.resolve());
    const recorder = createAnalyticsRecorder(send);
    for (let i = 0; i < 120; i += 1) recorder.event(`e${i}`);
    recorder.flush(true);
    expect(send.mock.calls.map(([items, leaving]) => [items.length, leaving])).toEqual([
      [50, true],
      [50, true],
      [20, true],
    ]);
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not throw when a send fails, and goes on recording', async () => {
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    const recorder = createAnalyticsRecorder(send);
    recorder.page('/user/a');
    expect(() => recorder.flush()).not.toThrow();
    await Promise.resolve();
    recorder.page('/user/b');
    recorder.flush();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
