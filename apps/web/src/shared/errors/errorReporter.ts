import type { ClientErrorReport } from '@kelvin/contract';
import { ERROR_SAMPLING_RATE } from '@kelvin/domain';

const STACK_LINES = 15;
const STACK_CHARS = 3000;
const MESSAGE_CHARS = 1000;

export type ErrorSource = NonNullable<ClientErrorReport['source']>;

export interface ErrorReporterOptions {
  send: (report: ClientErrorReport) => Promise<unknown>;
  release: string;
  /** Where the user is: the screen's path with ids replaced. */
  path: () => string;
  /** Injectable for tests; a report goes when it is below the rate. */
  random?: () => number;
  rate?: number;
}

/** What was thrown, as an Error's parts: a rejection may carry a string, an ApiError or anything. */
function partsOf(thrown: unknown): { name: string; message: string; stack?: string } {
  if (thrown instanceof Error)
    return { name: thrown.name || 'Error', message: thrown.message, stack: thrown.stack };
  if (typeof thrown === 'string') return { name: 'Error', message: thrown };
  try {
    // JSON.stringify answers undefined (not a string) for undefined and functions.
    const text: unknown = JSON.stringify(thrown);
    return { name: 'NonError', message: typeof text === 'string' ? text : String(thrown) };
  } catch {
    return { name: 'NonError', message: String(thrown) };
  }
}

/** The first lines of a stack: the top frames are what groups and explains an error; the rest is framework. */
export function trimStack(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  return stack.split('\n').slice(0, STACK_LINES).join('\n').slice(0, STACK_CHARS);
}

/**
 * Reports errors to our own server, sampled at the spec's 0.2 (platform-core 9): a fifth of occurrences is enough to
 * see what breaks and how often, without a broken screen flooding the server. The same error object is reported
 * once, though a boundary and the window may both hear of it. Never throws.
 */
export function createErrorReporter(options: ErrorReporterOptions) {
  const random = options.random ?? Math.random;
  const rate = options.rate ?? ERROR_SAMPLING_RATE;
  const seen = new WeakSet<object>();
  return function report(thrown: unknown, source: ErrorSource): boolean {
    if (typeof thrown === 'object' && thrown !== null) {
      if (seen.has(thrown)) return false;
      seen.add(thrown);
    }
    if (random() >= rate) return false;
    const parts = partsOf(thrown);
    const stack = trimStack(parts.stack);
    options
      .send({
        name: parts.name.slice(0, 200),
        message: parts.message.slice(0, MESSAGE_CHARS),
        ...(stack ? { stack } : {}),
        path: options.path().slice(0, 300),
        release: options.release,
        source,
      })
      .catch(() => undefined);
    return true;
  };
}

/** The hash route's path with numeric and long hexadecimal segments replaced, so ids do not reach the report. */
export function currentPath(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path.replace(/\/(\d+|[0-9a-f-]{16,})(?=\/|$)/gi, '/:id') || '/';
}
