import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/browser.ts';

/** A Chromium for a bench, and the one call that makes sure it is gone. */
export interface BenchBrowser {
  browser: Browser;
  /** Closes the browser, then kills its process whatever state it is in; safe to call more than once. */
  close: () => Promise<void>;
}

const CLOSE_TIMEOUT_MS = 10_000;

/**
 * Launches Chromium as a server of this process and connects to it, so that the bench holds its process: after a
 * tab crashes (the benches feed tabs until they do), browser.close() resolves while Chromium keeps running and
 * its pipes keep this process alive. close() therefore kills the process after the polite close.
 */
export async function launchBenchBrowser(): Promise<BenchBrowser> {
  const server = await chromium.launchServer({
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...CHROMIUM_LAUNCH_OPTIONS.args],
  });
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    return {
      browser,
      close: async () => {
        await withTimeout(browser.close(), CLOSE_TIMEOUT_MS).catch(() => undefined);
        await withTimeout(server.close(), CLOSE_TIMEOUT_MS).catch(() => undefined);
        await server.kill();
      },
    };
  } catch (error) {
    await server.kill();
    throw error;
  }
}

/** Runs each step of a bench's teardown even when an earlier one fails, then reports the first failure. */
export async function closeAll(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
