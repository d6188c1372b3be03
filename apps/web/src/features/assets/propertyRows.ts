import { contract } from '@kelvin/contract';

export interface PropertyRow {
  /** A stable key while rows are reordered; never sent. */
  rowId: number;
  name: string;
  value: string;
}

export interface PropertyListProblems {
  rows: Partial<Record<number, { name?: string; value?: string }>>;
  form: string | null;
}

// The contract's own item schema: its messages ('Property name is required') and limits.
const itemSchema = contract.assetsPropertiesPut.body.element;

/** What keeps the list from saving: each row against the contract, and names that repeat (the server refuses those). */
export function propertyListProblems(rows: readonly PropertyRow[]): PropertyListProblems {
  const problems: PropertyListProblems = { rows: {}, form: null };
  const seen = new Map<string, number>();
  for (const row of rows) {
    const parsed = itemSchema.safeParse({ name: row.name, value: row.value });
    const rowProblems: { name?: string; value?: string } = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'value' ? 'value' : 'name';
        rowProblems[field] ??= issue.message;
      }
    }
    const key = row.name.trim();
    if (key !== '' && seen.has(key)) rowProblems.name ??= `The name ${key} is used twice`;
    seen.set(key, row.rowId);
    if (rowProblems.name !== undefined || rowProblems.value !== undefined)
      problems.rows[row.rowId] = rowProblems;
  }
  if (rows.length > 500) problems.form = 'An asset has at most 500 properties.';
  return problems;
}
