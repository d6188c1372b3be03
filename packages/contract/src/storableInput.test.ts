import { describe, expect, it } from 'vitest';
import {
  findUnstorableValue,
  MAX_INPUT_DEPTH,
  UNSTORABLE_MESSAGES,
  unstorableTextReason,
} from './storableInput.ts';

describe('storable input', () => {
  it('accepts ordinary text, including characters outside the basic plane', () => {
    expect(unstorableTextReason('Supply air 18.5 °C')).toBeNull();
    expect(unstorableTextReason('fan \uD83D\uDE00 ok')).toBeNull();
    expect(unstorableTextReason('')).toBeNull();
  });

  it('refuses NUL and unpaired surrogates wherever they sit', () => {
    expect(unstorableTextReason('a\u0000')).toBe(UNSTORABLE_MESSAGES.nul);
    expect(unstorableTextReason('\uD83D')).toBe(UNSTORABLE_MESSAGES.surrogate);
    expect(unstorableTextReason('x\uDE00y')).toBe(UNSTORABLE_MESSAGES.surrogate);
    expect(unstorableTextReason('\uD83D\uD83D\uDE00')).toBe(UNSTORABLE_MESSAGES.surrogate);
    expect(unstorableTextReason('\uD83D\uDE00\uDE00')).toBe(UNSTORABLE_MESSAGES.surrogate);
  });

  it('names the first bad value in reading order, keys included', () => {
    const value = { a: 'ok', b: [1, 'x\u0000'], c: { ['k\u0000']: 1 } };
    expect(findUnstorableValue(value, ['body'])).toEqual({
      path: ['body', 'b', 1],
      message: UNSTORABLE_MESSAGES.nul,
    });
    expect(findUnstorableValue({ c: { ['k\u0000']: 1 } }, ['body'])).toEqual({
      path: ['body', 'c', 'k\u0000'],
      message: UNSTORABLE_MESSAGES.nul,
    });
    expect(findUnstorableValue({ n: Infinity }, ['body'])?.message).toBe(UNSTORABLE_MESSAGES.number);
  });

  it('refuses nesting past the limit without recursing, however deep', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(findUnstorableValue(deep, ['body'])?.message).toBe(UNSTORABLE_MESSAGES.depth);
    let fits: unknown = 'leaf';
    for (let level = 0; level < MAX_INPUT_DEPTH; level++) fits = { a: fits };
    expect(findUnstorableValue(fits, ['body'])).toBeNull();
  });

  it('skips what a handler checks item by item', () => {
    const body = { batchId: 'ok', points: [{ alias: 'x\u0000' }] };
    const skipPoints = (path: readonly (string | number)[]) => path.length === 2 && path[1] === 'points';
    expect(findUnstorableValue(body, ['body'], skipPoints)).toBeNull();
    expect(findUnstorableValue(body, ['body'])?.path).toEqual(['body', 'points', 0, 'alias']);
  });
});
