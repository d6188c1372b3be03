import { z } from 'zod';

/** NetSuite's paging limit: a collection or SuiteQL page holds at most this many items. */
export const NETSUITE_MAX_PAGE = 1000;

/** A page of a collection or of SuiteQL rows, as NetSuite answers it. */
export interface NetsuitePage<T> {
  links: { rel: string; href: string }[];
  count: number;
  hasMore: boolean;
  items: T[];
  offset: number;
  totalResults: number;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

const linkSchema = z.object({ rel: z.string(), href: z.string() });

/** The paging envelope around items of the given schema. */
export function netsuitePageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    links: z.array(linkSchema).default([]),
    count: z.number().int(),
    hasMore: z.boolean(),
    items: z.array(item),
    offset: z.number().int(),
    totalResults: z.number().int(),
  });
}

/** A collection's item: its id and links (the record itself is read with getRecord). */
export const recordRefSchema = z.object({ id: z.string(), links: z.array(linkSchema).default([]) });
export type NetsuiteRecordRef = z.infer<typeof recordRefSchema>;

/**
 * A SuiteQL row: lower-case column names, every value a string (or null), plus NetSuite's `links: []` which is
 * dropped here so that a row is only its columns.
 */
export const suiteqlRowSchema = z
  .record(z.string(), z.unknown())
  .transform((row): Record<string, string | null> => {
    const columns: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(row)) {
      if (key === 'links') continue;
      columns[key] =
        value === null || value === undefined
          ? null
          : typeof value === 'string'
            ? value
            : JSON.stringify(value);
    }
    return columns;
  });

/** Checks limit (1..1000) and offset (≥ 0) before asking, so a caller's mistake is not a round trip. */
export function checkedPageRequest(page: PageRequest): PageRequest {
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > NETSUITE_MAX_PAGE)
    throw new RangeError(`A NetSuite page's limit is 1 to ${NETSUITE_MAX_PAGE}, not ${page.limit}`);
  if (!Number.isInteger(page.offset) || page.offset < 0)
    throw new RangeError(`A NetSuite page's offset is a whole number ≥ 0, not ${page.offset}`);
  return page;
}

/**
 * Reads every page of a paged call, `pageSize` at a time, until NetSuite says there is no more (or `maxItems` is
 * reached, which guards a server against an unbounded read).
 */
export async function readAllPages<T>(
  readPage: (page: PageRequest) => Promise<NetsuitePage<T>>,
  { pageSize = NETSUITE_MAX_PAGE, maxItems = 100_000 }: { pageSize?: number; maxItems?: number } = {},
): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; all.length < maxItems; offset += pageSize) {
    const page = await readPage({ limit: pageSize, offset });
    all.push(...page.items);
    if (!page.hasMore || page.items.length === 0) break;
  }
  return all.slice(0, maxItems);
}
