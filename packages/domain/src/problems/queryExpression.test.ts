import { describe, expect, it } from 'vitest';
import {
  evaluateExpression,
  expressionError,
  expressionNames,
  ExpressionError,
  parseExpression,
} from './queryExpression.ts';

const value = (text: string, values: Record<string, number | null> = {}) =>
  evaluateExpression(parseExpression(text), values);

function errorOf(text: string, names?: readonly string[]) {
  try {
    parseExpression(text, names ? { names } : {});
  } catch (error) {
    if (error instanceof ExpressionError) return { message: error.message, position: error.position };
    throw error;
  }
  throw new Error(`${text} parsed`);
}

describe('query expressions', () => {
  it('computes * and / before + and -, left to right', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('(1 + 2) * 3')).toBe(9);
    expect(value('10 - 4 - 3')).toBe(3);
    expect(value('24 / 4 / 2')).toBe(3);
    expect(value('2 * 3 + 4 * 5')).toBe(26);
    expect(value('1 - 2 + 3')).toBe(2);
    expect(value('((2))')).toBe(2);
  });

  it('reads decimals, leading points and exponents', () => {
    expect(value('0.5 + .25')).toBe(0.75);
    expect(value('1e3 / 2E-1')).toBe(5000);
  });

  it('negates with a leading minus, binding tighter than * and -', () => {
    expect(value('-a * b', { a: 2, b: 3 })).toBe(-6);
    expect(value('-(a - b)', { a: 2, b: 3 })).toBe(1);
    expect(value('a - -b', { a: 2, b: 3 })).toBe(5);
    expect(value('--4')).toBe(4);
    expect(value('+4 - +1')).toBe(3);
    expect(value('2 * -3')).toBe(-6);
  });

  it('computes from term values: the delta-T of a unit', () => {
    const tree = parseExpression('returnAir - supplyAir', { names: ['returnAir', 'supplyAir'] });
    expect(evaluateExpression(tree, { returnAir: 29.5, supplyAir: 18 })).toBe(11.5);
    expect(expressionNames(tree)).toEqual(['returnAir', 'supplyAir']);
    expect(expressionNames(parseExpression('a * (b + a) / c'))).toEqual(['a', 'b', 'c']);
  });

  it('answers null for a division by zero, a missing or null term, and a result that is not finite', () => {
    expect(value('1 / 0')).toBeNull();
    expect(value('a / (b - b)', { a: 1, b: 2 })).toBeNull();
    expect(value('a + 1', { a: null })).toBeNull();
    expect(value('a + 1', {})).toBeNull();
    expect(value('a * 1e308', { a: 10 })).toBeNull();
    // An inherited property is not a term value.
    expect(value('toString + 1', {})).toBeNull();
    expect(value('0 / 5')).toBe(0);
  });

  it('refuses names that are not terms, with their position', () => {
    expect(errorOf('returnAir - supplyAri', ['returnAir', 'supplyAir'])).toEqual({
      message: "Unknown term 'supplyAri' at character 13",
      position: 12,
    });
    expect(expressionError('a + b', ['a', 'b'])).toBeNull();
    expect(expressionError('a + b', ['a'])?.position).toBe(4);
    // Without a list of names, any name parses.
    expect(expressionError('anything * 2')).toBeNull();
  });

  it('refuses trailing garbage, stray characters, missing operands and parentheses, with positions', () => {
    expect(errorOf('a b')).toEqual({
      message: "Unexpected 'b' at character 3: expected an operator or the end",
      position: 2,
    });
    expect(errorOf('(a + b))')).toEqual({
      message: "Unexpected ')' at character 8: expected an operator or the end",
      position: 7,
    });
    expect(errorOf('a + $')).toEqual({ message: "Unexpected '$' at character 5", position: 4 });
    expect(errorOf('a +')).toEqual({
      message: 'The expression ends too early: expected a number, a term or ( at character 4',
      position: 3,
    });
    expect(errorOf('(a + b')).toEqual({
      message: "The expression ends too early: expected ')' at character 7",
      position: 6,
    });
    expect(errorOf('a * / b')).toEqual({
      message: "Unexpected '/' at character 5: expected a number, a term or (",
      position: 4,
    });
    expect(errorOf('()').position).toBe(1);
    expect(errorOf('2 3').position).toBe(2);
    expect(errorOf('   ')).toEqual({ message: 'The expression is empty', position: 3 });
    expect(errorOf('')).toEqual({ message: 'The expression is empty', position: 0 });
  });

  it('refuses nesting deep enough to exhaust the stack, as an expression error', () => {
    expect(errorOf(`${'('.repeat(500)}1${')'.repeat(500)}`).message).toMatch(/nests too deeply/);
    expect(errorOf(`${'-'.repeat(500)}1`).message).toMatch(/nests too deeply/);
    expect(value(`${'('.repeat(50)}1${')'.repeat(50)}`)).toBe(1);
  });
});
