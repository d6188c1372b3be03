import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  parseSuiteql,
  suiteqlError,
  type ColumnExpr,
  type Condition,
  type Literal,
  type SuiteqlQuery,
} from './suiteqlParser.ts';
import { SUITEQL_TABLES, type SuiteqlColumn, type SuiteqlTable } from './suiteqlTables.ts';

export type SuiteqlRow = Record<string, string>;

function tableOf(name: string): SuiteqlTable {
  const table = SUITEQL_TABLES[name];
  if (!table) throw suiteqlError(`Record '${name}' was not found.`);
  return table;
}

function columnOf(table: SuiteqlTable, tableName: string, name: string): SuiteqlColumn {
  const bare = name.startsWith(`${tableName}.`) ? name.slice(tableName.length + 1) : name;
  const column = Object.hasOwn(table.columns, bare) ? table.columns[bare] : undefined;
  if (!column) throw suiteqlError(`Field '${bare}' for record '${tableName}' was not found.`);
  return column;
}

class Compiler {
  constructor(
    private readonly table: SuiteqlTable,
    private readonly tableName: string,
  ) {}

  /** The expression as text (UPPER/LOWER applied), or as a number for a bare number column. */
  expression(expr: ColumnExpr): { sql: SQL; numeric: boolean } {
    const column = columnOf(this.table, this.tableName, expr.column);
    if (expr.fn === 'UPPER') return { sql: sql`upper(${column.value})`, numeric: false };
    if (expr.fn === 'LOWER') return { sql: sql`lower(${column.value})`, numeric: false };
    return column.numeric ? { sql: column.numeric, numeric: true } : { sql: column.value, numeric: false };
  }

  /** A literal bound as a parameter, as a number where the column is one (a non-number there is refused). */
  literal(value: Literal, numeric: boolean): SQL {
    if (!numeric) return sql`${value.kind === 'number' ? String(value.value) : value.value}`;
    const number = value.kind === 'number' ? value.value : Number(value.value);
    if (value.kind === 'string' && (value.value.trim() === '' || !Number.isFinite(number)))
      throw suiteqlError(`'${value.value}' is not a valid number.`);
    return sql`${number}::numeric`;
  }

  condition(condition: Condition): SQL {
    switch (condition.kind) {
      case 'and':
        return sql`(${this.condition(condition.left)} and ${this.condition(condition.right)})`;
      case 'or':
        return sql`(${this.condition(condition.left)} or ${this.condition(condition.right)})`;
      case 'not':
        return sql`(not ${this.condition(condition.operand)})`;
      case 'compare': {
        const left = this.expression(condition.column);
        return sql`(${left.sql} ${sql.raw(condition.op)} ${this.literal(condition.value, left.numeric)})`;
      }
      case 'in': {
        const left = this.expression(condition.column);
        const values = sql.join(
          condition.values.map((value) => this.literal(value, left.numeric)),
          sql`, `,
        );
        return sql`(${left.sql} ${condition.negated ? sql`not in` : sql`in`} (${values}))`;
      }
      case 'like': {
        const column = columnOf(this.table, this.tableName, condition.column.column);
        const left = condition.column.fn ? this.expression(condition.column).sql : column.value;
        return sql`(${left} ${condition.negated ? sql`not like` : sql`like`} ${condition.pattern})`;
      }
      case 'null': {
        const { value } = columnOf(this.table, this.tableName, condition.column.column);
        return sql`(${value} ${condition.negated ? sql`is not null` : sql`is null`})`;
      }
    }
  }

  /** The select list with generated aliases (c0, c1, ...) and the names the rows answer with. */
  selection(columns: ColumnExpr[] | undefined): { list: SQL; names: string[] } {
    const chosen = columns ?? Object.keys(this.table.columns).map((column): ColumnExpr => ({ column }));
    let unnamed = 0;
    const names = chosen.map((expr) => {
      if (expr.fn === undefined) return expr.column.replace(`${this.tableName}.`, '');
      unnamed += 1;
      return `expr${unnamed}`;
    });
    const list = sql.join(
      chosen.map((expr, index) => {
        const column = columnOf(this.table, this.tableName, expr.column);
        const value = expr.fn ? sql`${sql.raw(expr.fn.toLowerCase())}(${column.value})` : column.value;
        return sql`${value} as ${sql.raw(`c${index}`)}`;
      }),
      sql`, `,
    );
    return { list, names };
  }

  ordering(orderBy: SuiteqlQuery['orderBy']): SQL {
    const keys = orderBy.map(({ column, descending }) => {
      const { sql: expression } = this.expression(column);
      return sql`${expression} ${descending ? sql`desc nulls last` : sql`asc nulls first`}`;
    });
    // Rows of equal keys keep one order from page to page.
    keys.push(sql`internal_id`);
    return sql.join(keys, sql`, `);
  }
}

// Every selected column is text (or null); the total is an int.
const resultRows = z.object({
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});

/** Runs a SuiteQL query: one page of rows (null columns left out, as NetSuite does) and the total. */
export async function runSuiteql(
  db: DbOrTx,
  query: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SuiteqlRow[]; total: number }> {
  const parsed = parseSuiteql(query);
  const table = tableOf(parsed.table);
  const compiler = new Compiler(table, parsed.table);
  const where = parsed.where ? compiler.condition(parsed.where) : sql`true`;
  const { list, names } = compiler.selection(parsed.columns);
  // The page's ids and the total first, over narrow rows only: a window over whole rows spilled to disk and took
  // four times as long on 20,000 projects (bench/netsuiteProjects.ts); the columns are read for the page alone.
  const ordering = compiler.ordering(parsed.orderBy);
  const result: unknown = await db.execute(sql`
    with page as (
      select internal_id, (count(*) over ())::int as total_results
        from netsuite_sandbox_records
       where ${table.filter} and ${where}
       order by ${ordering}
       limit ${page.limit} offset ${page.offset}
    )
    select ${list}, page.total_results
      from netsuite_sandbox_records join page using (internal_id)
     order by ${ordering}`);
  const rows = resultRows.parse(result).rows;
  let total = z.number().catch(0).parse(rows[0]?.total_results);
  if (rows.length === 0 && page.offset > 0) {
    const counted: unknown = await db.execute(
      sql`select count(*)::int as n from netsuite_sandbox_records where ${table.filter} and ${where}`,
    );
    total = z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(counted).rows[0]?.n ?? 0;
  }
  return {
    rows: rows.map((row) => {
      const answer: SuiteqlRow = {};
      names.forEach((name, index) => {
        const value = row[`c${index}`];
        if (typeof value === 'string') answer[name] = value;
      });
      return answer;
    }),
    total,
  };
}
