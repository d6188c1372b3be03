/**
 * What every request value must be before it may reach a store, checked in one place for every call (the
 * contract router) and for every telemetry point (which is refused alone, not with its batch):
 * - no NUL character: PostgreSQL's text and jsonb refuse it, so it used to end as a 500;
 * - no unpaired UTF-16 surrogate: UTF-8 cannot encode one (drivers silently replace it) and jsonb refuses its
 *   escape;
 * - no non-finite number: JSON.parse reads `1e400` as Infinity, which JSON.stringify would store as null;
 * - nesting at most MAX_INPUT_DEPTH deep: free-form JSON (asset metadata) past PostgreSQL's parser stack is a
 *   database error, and nothing in the console nests that deep.
 */
export const MAX_INPUT_DEPTH = 32;

export const UNSTORABLE_MESSAGES = {
  nul: 'Text may not contain NUL characters',
  surrogate: 'Text may not contain unpaired surrogate characters',
  number: 'Numbers must be finite',
  depth: `Values may be nested at most ${MAX_INPUT_DEPTH} levels deep`,
} as const;

export interface UnstorableValue {
  /** Where the value sits, e.g. `['body', 'metadata', 'site']`; a bad object key names the key itself. */
  path: (string | number)[];
  message: string;
}

// Every character that needs a closer look: NUL and both halves of surrogate pairs. Matching NUL is the point.
// eslint-disable-next-line no-control-regex
const SUSPECT_CHARACTER = /[\u0000\uD800-\uDFFF]/;

/** Why a text cannot be stored faithfully, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  if (!SUSPECT_CHARACTER.test(text)) return null;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0) return UNSTORABLE_MESSAGES.nul;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
      else return UNSTORABLE_MESSAGES.surrogate;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return UNSTORABLE_MESSAGES.surrogate;
    }
  }
  return null;
}

interface Pending {
  value: unknown;
  path: (string | number)[];
}

/**
 * The first value in a parsed request that cannot be stored, or null. Iterative, so that no input can overflow
 * the stack here; `skip` names paths whose contents a handler checks item by item.
 */
export function findUnstorableValue(
  root: unknown,
  rootPath: (string | number)[],
  skip: (path: readonly (string | number)[]) => boolean = () => false,
): UnstorableValue | null {
  const pending: Pending[] = [{ value: root, path: rootPath }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const message = unstorableTextReason(value);
      if (message) return { path, message };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, message: UNSTORABLE_MESSAGES.number };
    } else if (typeof value === 'object' && value !== null && !skip(path)) {
      if (path.length - rootPath.length >= MAX_INPUT_DEPTH)
        return { path, message: UNSTORABLE_MESSAGES.depth };
      const entries: [string | number, unknown][] = Array.isArray(value)
        ? value.map((item, index) => [index, item])
        : Object.entries(value);
      for (const [key] of entries) {
        const message = typeof key === 'string' ? unstorableTextReason(key) : null;
        if (message) return { path: [...path, key], message };
      }
      // Pushed in reverse so that the first bad value in reading order is the one reported.
      for (let index = entries.length - 1; index >= 0; index--) {
        const entry = entries[index];
        if (entry) pending.push({ value: entry[1], path: [...path, entry[0]] });
      }
    }
  }
  return null;
}
