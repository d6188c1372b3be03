import { describe, expect, it, vi } from 'vitest';
import type { ClientErrorReport } from '@kelvin/contract';
import { currentPath, createErrorReporter, trimStack } from './errorReporter.ts';
import { ChunkLoadError, markCssChunkError, withChunkTimeout } from './chunkLoad.ts';

function reporter(randoms: number[]) {
  const send = vi.fn((_report: ClientErrorReport) => Promise.resolve());
  let index = 0;
  const report = createErrorReporter({
    send,
    release: '6.45.2',
    path: () => '/user/tickets/:id/details',
    random: () => randoms[index++ % randoms.length] ?? 1,
  });
  return { send, report };
}

describe('error reporter', () => {
  it('reports at the spec sampling rate of 0.2: below it goes, at or above it does not', () => {
    const { send, report } = reporter([0.1, 0.2, 0.5, 0.199]);
    const results = [1, 2, 3, 4].map((n) => report(new Error(`boom ${n}`), 'error'));
    expect(results).toEqual([true, false, false, true]);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends name, message, a trimmed stack, the path and the release', () => {
    const { send, report } = reporter([0]);
    const error = new TypeError('x is undefined');
    error.stack = [
      'TypeError: x is undefined',
      ...Array.from({ length: 40 }, (_, i) => `    at f${i} (a.js:1:1)`),
    ].join('\n');
    report(error, 'boundary');
    const sent = send.mock.calls[0]?.[0];
    expect(sent).toMatchObject({
      name: 'TypeError',
      message: 'x is undefined',
      path: '/user/tickets/:id/details',
      release: '6.45.2',
      source: 'boundary',
    });
    expect(sent?.stack?.split('\n')).toHaveLength(15);
  });

  it('reports one error object once, and turns non-errors into a message', () => {
    const { send, report } = reporter([0]);
    const error = new Error('once');
    report(error, 'boundary');
    report(error, 'error');
    report('plain text', 'rejection');
    report({ status: 500 }, 'rejection');
    expect(send.mock.calls.map(([sent]) => [sent.name, sent.message])).toEqual([
      ['Error', 'once'],
      ['Error', 'plain text'],
      ['NonError', '{"status":500}'],
    ]);
  });

  it('never throws when sending fails', async () => {
    const report = createErrorReporter({
      send: () => Promise.reject(new Error('offline')),
      release: '1',
      path: () => '/',
      random: () => 0,
    });
    expect(report(new Error('x'), 'error')).toBe(true);
    await Promise.resolve();
  });

  it('keeps ids out of the path and long stacks short', () => {
    expect(currentPath('#/user/tickets/123/details?tab=2')).toBe('/user/tickets/:id/details');
    expect(currentPath('')).toBe('/');
    expect(trimStack('a\n'.repeat(100))?.split('\n')).toHaveLength(15);
    expect(trimStack(undefined)).toBeUndefined();
  });
});

describe('chunk loads', () => {
  it('fails with ChunkLoadError when a chunk has not arrived after the timeout', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const loading = withChunkTimeout(never, 120_000);
      const outcome = loading.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(119_999);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(ChunkLoadError);
      expect(error).toMatchObject({ name: 'ChunkLoadError' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a chunk that arrives in time through', async () => {
    await expect(withChunkTimeout(Promise.resolve('screen'), 1000)).resolves.toBe('screen');
  });

  it('marks a stylesheet preload failure CSS_CHUNK_LOAD_FAILED', () => {
    const css = new Error('Unable to preload CSS for /assets/UsagePage-abc.css');
    markCssChunkError(css);
    expect(css).toMatchObject({ code: 'CSS_CHUNK_LOAD_FAILED' });
    const script = new Error('Failed to fetch dynamically imported module');
    markCssChunkError(script);
    expect(script).not.toHaveProperty('code');
  });
});
