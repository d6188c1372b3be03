import type { PagedTableSort } from './pagedTableHeader.tsx';

/**
 * A grid's sort as a search param, 'updated_at.desc', so that lists keep it in their address. Reads any case of
 * the direction; undefined for a property the list does not sort by or anything malformed.
 */
export function parseSortParam(
  raw: string | null,
  properties: readonly string[],
): PagedTableSort | undefined {
  const at = raw?.lastIndexOf('.') ?? -1;
  if (!raw || at < 0) return undefined;
  const property = properties.find((known) => known === raw.slice(0, at));
  const direction = raw.slice(at + 1).toUpperCase();
  if (!property || (direction !== 'ASC' && direction !== 'DESC')) return undefined;
  return { property, direction };
}

export function writeSortParam(sort: PagedTableSort): string {
  return `${sort.property}.${sort.direction.toLowerCase()}`;
}
