/**
 * QUERY rule expressions: numbers, term names, + - * / and parentheses, e.g. `returnAir - supplyAir` or
 * `(a + b) / 2`. Parsed once (when a rule is saved, and by the rule editor as it is typed) into a tree that the
 * evaluator computes for each asset from its terms' window aggregates.
 */
export type ExpressionNode =
  | { type: 'number'; value: number }
  | { type: 'name'; name: string; position: number }
  | { type: 'negate'; operand: ExpressionNode }
  | { type: 'binary'; operator: '+' | '-' | '*' | '/'; left: ExpressionNode; right: ExpressionNode };

/** Why an expression does not parse, and where: `position` is the 0-based index of the offending character. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

type Operator = '+' | '-' | '*' | '/' | '(' | ')';
type Token =
  | { kind: 'number'; value: number; position: number; text: string }
  | { kind: 'name'; name: string; position: number; text: string }
  | { kind: 'operator'; operator: Operator; position: number; text: string }
  | { kind: 'end'; position: number; text: string };

const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const OPERATORS: readonly Operator[] = ['+', '-', '*', '/', '(', ')'];
const isOperatorChar = (char: string): char is Operator => OPERATORS.some((operator) => operator === char);
/** Deep enough for any real rule, shallow enough that a crafted input cannot exhaust the stack. */
const MAX_DEPTH = 100;

/** Messages count characters from 1, as a person reads them; `position` stays 0-based for the editor. */
const at = (position: number) => `at character ${position + 1}`;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    NUMBER.lastIndex = index;
    const number = NUMBER.exec(text);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), position: index, text: number[0] });
      index += number[0].length;
      continue;
    }
    NAME.lastIndex = index;
    const name = NAME.exec(text);
    if (name) {
      tokens.push({ kind: 'name', name: name[0], position: index, text: name[0] });
      index += name[0].length;
      continue;
    }
    if (isOperatorChar(char)) {
      tokens.push({ kind: 'operator', operator: char, position: index, text: char });
      index++;
      continue;
    }
    throw new ExpressionError(`Unexpected '${char}' ${at(index)}`, index);
  }
  tokens.push({ kind: 'end', position: text.length, text: '' });
  return tokens;
}

export interface ExpressionParseOptions {
  /** When given, a name that is not one of these is an error (a QUERY rule may name only its own terms). */
  names?: readonly string[];
}

/**
 * Parses an expression into its tree, or throws an ExpressionError naming what is wrong and where: an unknown
 * name, a missing operand or parenthesis, or anything left over after a whole expression (`a b`, `a + b)`).
 * Precedence as in arithmetic: * and / before + and -, left to right; a leading minus negates (`-a * b`).
 */
export function parseExpression(text: string, options: ExpressionParseOptions = {}): ExpressionNode {
  const tokens = tokenize(text);
  const known = options.names ? new Set(options.names) : null;
  let index = 0;
  const peek = (): Token => tokens[index] ?? { kind: 'end', position: text.length, text: '' };
  /** Consumes the next token when it is one of `operators`, and answers which. */
  function take<O extends Operator>(...operators: O[]): O | null {
    const token = peek();
    const found =
      token.kind === 'operator' ? operators.find((operator) => operator === token.operator) : undefined;
    if (found === undefined) return null;
    index++;
    return found;
  }

  const unexpected = (token: Token, expected: string): ExpressionError =>
    token.kind === 'end'
      ? new ExpressionError(
          text.trim() === ''
            ? 'The expression is empty'
            : `The expression ends too early: expected ${expected} ${at(token.position)}`,
          token.position,
        )
      : new ExpressionError(
          `Unexpected '${token.text}' ${at(token.position)}: expected ${expected}`,
          token.position,
        );

  function sum(depth: number): ExpressionNode {
    let left = product(depth);
    for (let operator = take('+', '-'); operator !== null; operator = take('+', '-')) {
      left = { type: 'binary', operator, left, right: product(depth) };
    }
    return left;
  }

  function product(depth: number): ExpressionNode {
    let left = unary(depth);
    for (let operator = take('*', '/'); operator !== null; operator = take('*', '/')) {
      left = { type: 'binary', operator, left, right: unary(depth) };
    }
    return left;
  }

  function unary(depth: number): ExpressionNode {
    const token = peek();
    if (depth > MAX_DEPTH) {
      throw new ExpressionError(`The expression nests too deeply ${at(token.position)}`, token.position);
    }
    if (take('-')) return { type: 'negate', operand: unary(depth + 1) };
    if (take('+')) return unary(depth + 1);
    return primary(depth);
  }

  function primary(depth: number): ExpressionNode {
    const token = peek();
    if (token.kind === 'number') {
      index++;
      return { type: 'number', value: token.value };
    }
    if (token.kind === 'name') {
      if (known && !known.has(token.name)) {
        throw new ExpressionError(`Unknown term '${token.name}' ${at(token.position)}`, token.position);
      }
      index++;
      return { type: 'name', name: token.name, position: token.position };
    }
    if (take('(')) {
      const inner = sum(depth + 1);
      if (!take(')')) throw unexpected(peek(), "')'");
      return inner;
    }
    throw unexpected(token, 'a number, a term or (');
  }

  const tree = sum(0);
  const rest = peek();
  if (rest.kind !== 'end') {
    throw new ExpressionError(
      `Unexpected '${rest.text}' ${at(rest.position)}: expected an operator or the end`,
      rest.position,
    );
  }
  return tree;
}

/** The expression's error, or null when it parses (and names only `names`, when given). */
export function expressionError(text: string, names?: readonly string[]): ExpressionError | null {
  try {
    parseExpression(text, names ? { names } : {});
    return null;
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
}

/** Every name the expression uses, once each, in order of first use. */
export function expressionNames(node: ExpressionNode): string[] {
  const names = new Set<string>();
  const visit = (one: ExpressionNode): void => {
    if (one.type === 'name') names.add(one.name);
    else if (one.type === 'negate') visit(one.operand);
    else if (one.type === 'binary') {
      visit(one.left);
      visit(one.right);
    }
  };
  visit(node);
  return [...names];
}

/**
 * The expression's value for the given term values. Null when a term has no value (a gap in its metric), on a
 * division by zero, or when the result is not a finite number: the evaluator reads null as "nothing to judge by".
 */
export function evaluateExpression(
  node: ExpressionNode,
  values: Readonly<Record<string, number | null | undefined>>,
): number | null {
  const result = compute(node, values);
  return result !== null && Number.isFinite(result) ? result : null;
}

function compute(
  node: ExpressionNode,
  values: Readonly<Record<string, number | null | undefined>>,
): number | null {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'name': {
      const value = Object.hasOwn(values, node.name) ? values[node.name] : undefined;
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    }
    case 'negate': {
      const operand = compute(node.operand, values);
      return operand === null ? null : -operand;
    }
    case 'binary': {
      const left = compute(node.left, values);
      const right = compute(node.right, values);
      if (left === null || right === null) return null;
      if (node.operator === '+') return left + right;
      if (node.operator === '-') return left - right;
      if (node.operator === '*') return left * right;
      return right === 0 ? null : left / right;
    }
  }
}
