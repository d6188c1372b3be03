import { z } from 'zod';
import { invalidParameter } from './sandboxErrors.ts';

/** NetSuite's page size: at most 1000 items, and 1000 when the caller does not say. */
export const SANDBOX_MAX_LIMIT = 1000;

export interface PageLink {
  rel: 'previous' | 'first' | 'next' | 'last' | 'self';
  href: string;
}

export interface SandboxPage<T> {
  links: PageLink[];
  count: number;
  hasMore: boolean;
  items: T[];
  offset: number;
  totalResults: number;
}

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SANDBOX_MAX_LIMIT).default(SANDBOX_MAX_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});

/** `limit` and `offset` from a query string, or INVALID_PARAMETER naming the one at fault. */
export function parsePageQuery(query: unknown): { limit: number; offset: number } {
  const parsed = pageQuery.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path.map(String).join('.') ?? 'limit';
  throw invalidParameter(
    field === 'limit'
      ? `Invalid value for the limit parameter. The limit must be a whole number from 1 to ${SANDBOX_MAX_LIMIT}.`
      : 'Invalid value for the offset parameter. The offset must be a whole number of 0 or more.',
    field,
  );
}

/**
 * The paging envelope as NetSuite answers it: `previous` and `first` once past the first page, `next` and `last`
 * while there is more, `self` always; each href is the same call at another offset (other parameters kept).
 */
export function pageEnvelope<T>(
  items: T[],
  page: { limit: number; offset: number; total: number },
  href: (query: URLSearchParams) => string,
  keep: Record<string, string> = {},
): SandboxPage<T> {
  const at = (offset: number) =>
    href(new URLSearchParams({ ...keep, limit: String(page.limit), offset: String(offset) }));
  const hasMore = page.offset + items.length < page.total;
  const lastOffset = page.total === 0 ? 0 : Math.floor((page.total - 1) / page.limit) * page.limit;
  const links: PageLink[] = [];
  if (page.offset > 0) {
    links.push({ rel: 'previous', href: at(Math.max(0, page.offset - page.limit)) });
    links.push({ rel: 'first', href: at(0) });
  }
  if (hasMore) {
    links.push({ rel: 'next', href: at(page.offset + page.limit) });
    links.push({ rel: 'last', href: at(Math.max(lastOffset, page.offset + page.limit)) });
  }
  links.push({ rel: 'self', href: at(page.offset) });
  return { links, count: items.length, hasMore, items, offset: page.offset, totalResults: page.total };
}
