/**
 * Text from a user inside a SuiteQL string literal: quotes doubled (SQL's escape), `%` dropped so the caller's
 * text cannot widen a LIKE pattern, upper-cased for the case-insensitive compare against UPPER(column).
 */
export function suiteqlLikeWord(word: string): string {
  return `'%${word.replace(/%/g, '').replace(/'/g, "''").toUpperCase()}%'`;
}

/** The search's words (blank-separated, at most 8): every word must be found in one of `columns`. */
export function suiteqlSearchCondition(
  search: string | undefined,
  columns: readonly string[],
): string | undefined {
  const words = (search ?? '')
    .split(/\s+/)
    .map((word) => word.replace(/%/g, ''))
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return undefined;
  return words
    .map(
      (word) => `(${columns.map((column) => `UPPER(${column}) LIKE ${suiteqlLikeWord(word)}`).join(' OR ')})`,
    )
    .join(' AND ');
}

/** A SuiteQL number column's text as a number; null when absent or not a number. */
export function suiteqlNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
