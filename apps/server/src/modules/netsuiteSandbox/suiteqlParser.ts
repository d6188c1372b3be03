import { invalidParameter } from './sandboxErrors.ts';

/**
 * The sandbox's SuiteQL: `SELECT <cols>|* FROM <table> [WHERE <cond>] [ORDER BY <col> [ASC|DESC], ...]` with
 * AND / OR / NOT / parentheses, = <> != < > <= >=, [NOT] IN (...), [NOT] LIKE, IS [NOT] NULL, UPPER(col) and
 * LOWER(col), single-quoted strings and numbers. Parsed into a tree; the compiler turns it into parameterized SQL,
 * so no text of the query ever becomes SQL text.
 */
export type Literal = { kind: 'string'; value: string } | { kind: 'number'; value: number };
export interface ColumnExpr {
  column: string;
  fn?: 'UPPER' | 'LOWER';
}
export type Comparator = '=' | '<>' | '<' | '>' | '<=' | '>=';
export type Condition =
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; operand: Condition }
  | { kind: 'compare'; column: ColumnExpr; op: Comparator; value: Literal }
  | { kind: 'in'; column: ColumnExpr; values: Literal[]; negated: boolean }
  | { kind: 'like'; column: ColumnExpr; pattern: string; negated: boolean }
  | { kind: 'null'; column: ColumnExpr; negated: boolean };
export interface SuiteqlQuery {
  /** undefined: `*` */
  columns: ColumnExpr[] | undefined;
  table: string;
  where: Condition | undefined;
  orderBy: { column: ColumnExpr; descending: boolean }[];
}

type Token =
  | { kind: 'word'; text: string; upper: string }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'symbol'; text: string };

const MAX_QUERY_LENGTH = 10_000;

export function suiteqlError(detail: string) {
  return invalidParameter(
    `Invalid search query. Detailed unprocessed description follows. Search error occurred: ${detail}`,
    'q',
  );
}

function tokenize(query: string): Token[] {
  if (query.length > MAX_QUERY_LENGTH)
    throw suiteqlError(`the query is longer than ${MAX_QUERY_LENGTH} characters.`);
  const tokens: Token[] = [];
  let at = 0;
  while (at < query.length) {
    const rest = query.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?/.exec(rest);
    if (word) {
      tokens.push({ kind: 'word', text: word[0], upper: word[0].toUpperCase() });
      at += word[0].length;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]) });
      at += number[0].length;
      continue;
    }
    if (rest.startsWith("'")) {
      // '' inside a string is one quote, as in SQL.
      const string = /^'((?:[^']|'')*)'/.exec(rest);
      if (!string) throw suiteqlError('a string is not closed.');
      tokens.push({ kind: 'string', value: (string[1] ?? '').replace(/''/g, "'") });
      at += string[0].length;
      continue;
    }
    const symbol = /^(<>|!=|<=|>=|[=<>(),*])/.exec(rest);
    if (!symbol) throw suiteqlError(`unexpected character ${JSON.stringify(rest.slice(0, 1))}.`);
    tokens.push({ kind: 'symbol', text: symbol[0] });
    at += symbol[0].length;
  }
  return tokens;
}

const KEYWORDS = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'ORDER',
  'BY',
  'ASC',
  'DESC',
  'AND',
  'OR',
  'NOT',
  'IN',
  'LIKE',
  'IS',
  'NULL',
]);

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
  private isWord(upper: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.upper === upper;
  }
  private isSymbol(text: string): boolean {
    const token = this.peek();
    return token?.kind === 'symbol' && token.text === text;
  }
  private describe(token: Token | undefined): string {
    if (!token) return 'the end of the query';
    if (token.kind === 'word' || token.kind === 'symbol') return `'${token.text}'`;
    return token.kind === 'string' ? `'${token.value}'` : String(token.value);
  }
  private expectWord(upper: string): void {
    if (!this.isWord(upper)) throw suiteqlError(`expected ${upper} but found ${this.describe(this.peek())}.`);
    this.at += 1;
  }
  private expectSymbol(text: string): void {
    if (!this.isSymbol(text))
      throw suiteqlError(`expected '${text}' but found ${this.describe(this.peek())}.`);
    this.at += 1;
  }

  query(): SuiteqlQuery {
    this.expectWord('SELECT');
    let columns: ColumnExpr[] | undefined;
    if (this.isSymbol('*')) this.at += 1;
    else {
      columns = [this.columnExpr()];
      while (this.isSymbol(',')) {
        this.at += 1;
        columns.push(this.columnExpr());
      }
    }
    this.expectWord('FROM');
    const table = this.identifier();
    let where: Condition | undefined;
    if (this.isWord('WHERE')) {
      this.at += 1;
      where = this.orCondition();
    }
    const orderBy: SuiteqlQuery['orderBy'] = [];
    if (this.isWord('ORDER')) {
      this.at += 1;
      this.expectWord('BY');
      do {
        if (orderBy.length > 0) this.at += 1;
        const column = this.columnExpr();
        const descending = this.isWord('DESC');
        if (descending || this.isWord('ASC')) this.at += 1;
        orderBy.push({ column, descending });
      } while (this.isSymbol(','));
    }
    if (this.peek()) throw suiteqlError(`unexpected ${this.describe(this.peek())}.`);
    return { columns, table, where, orderBy };
  }

  private identifier(): string {
    const token = this.peek();
    if (token?.kind !== 'word' || KEYWORDS.has(token.upper))
      throw suiteqlError(`expected a name but found ${this.describe(token)}.`);
    this.at += 1;
    return token.text.toLowerCase();
  }

  private columnExpr(): ColumnExpr {
    for (const fn of ['UPPER', 'LOWER'] as const) {
      if (this.isWord(fn) && this.tokens[this.at + 1]?.kind === 'symbol') {
        this.at += 1;
        this.expectSymbol('(');
        const column = this.identifier();
        this.expectSymbol(')');
        return { column, fn };
      }
    }
    return { column: this.identifier() };
  }

  private orCondition(): Condition {
    let left = this.andCondition();
    while (this.isWord('OR')) {
      this.at += 1;
      left = { kind: 'or', left, right: this.andCondition() };
    }
    return left;
  }

  private andCondition(): Condition {
    let left = this.notCondition();
    while (this.isWord('AND')) {
      this.at += 1;
      left = { kind: 'and', left, right: this.notCondition() };
    }
    return left;
  }

  private notCondition(): Condition {
    if (this.isWord('NOT')) {
      this.at += 1;
      return { kind: 'not', operand: this.notCondition() };
    }
    if (this.isSymbol('(')) {
      this.at += 1;
      const inner = this.orCondition();
      this.expectSymbol(')');
      return inner;
    }
    return this.predicate();
  }

  private literal(): Literal {
    const token = this.peek();
    if (token?.kind === 'string') {
      this.at += 1;
      return { kind: 'string', value: token.value };
    }
    if (token?.kind === 'number') {
      this.at += 1;
      return { kind: 'number', value: token.value };
    }
    throw suiteqlError(`expected a value but found ${this.describe(token)}.`);
  }

  private predicate(): Condition {
    const column = this.columnExpr();
    if (this.isWord('IS')) {
      this.at += 1;
      const negated = this.isWord('NOT');
      if (negated) this.at += 1;
      this.expectWord('NULL');
      return { kind: 'null', column, negated };
    }
    const negated = this.isWord('NOT');
    if (negated) this.at += 1;
    if (this.isWord('IN')) {
      this.at += 1;
      this.expectSymbol('(');
      const values = [this.literal()];
      while (this.isSymbol(',')) {
        this.at += 1;
        values.push(this.literal());
      }
      this.expectSymbol(')');
      return { kind: 'in', column, values, negated };
    }
    if (this.isWord('LIKE')) {
      this.at += 1;
      const pattern = this.literal();
      if (pattern.kind !== 'string') throw suiteqlError('LIKE takes a string pattern.');
      return { kind: 'like', column, pattern: pattern.value, negated };
    }
    if (negated) throw suiteqlError(`expected IN or LIKE after NOT but found ${this.describe(this.peek())}.`);
    const token = this.peek();
    if (token?.kind !== 'symbol' || !['=', '<>', '!=', '<', '>', '<=', '>='].includes(token.text))
      throw suiteqlError(`expected a comparison but found ${this.describe(token)}.`);
    this.at += 1;
    const op = comparator(token.text);
    return { kind: 'compare', column, op, value: this.literal() };
  }
}

function comparator(text: string): Comparator {
  switch (text) {
    case '=':
    case '<>':
    case '<':
    case '>':
    case '<=':
    case '>=':
      return text;
    default:
      return '<>';
  }
}

export function parseSuiteql(query: string): SuiteqlQuery {
  return new Parser(tokenize(query)).query();
}
