import { z } from 'zod';

/** The largest page a list returns. */
export const PAGE_SIZE_MAX = 1000;
/**
 * The last page number accepted: pageNumber * PAGE_SIZE_MAX stays below 2^31 - 1, so the row offset is always a
 * 32-bit integer. An unbounded number gave an offset the database refused (a 500) instead of a 400 naming it.
 */
export const PAGE_NUMBER_MAX = 2_000_000;

/** Spec: pageableQuery {type: 'PAGED', pageSize, pageNumber, sort: [{property, direction}]}. Pages count from 0. */
export const pageableQuerySchema = z.strictObject({
  type: z.literal('PAGED'),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX),
  pageNumber: z.number().int().min(0).max(PAGE_NUMBER_MAX),
  sort: z
    .array(z.strictObject({ property: z.string().min(1), direction: z.enum(['ASC', 'DESC']) }))
    .default([]),
});
export type PageableQuery = z.infer<typeof pageableQuerySchema>;

/**
 * Spec: {content, pageable: {totalSize, ...}}. totalSizeIsLowerBound: the list stopped counting at totalSize and
 * holds at least that many (a search over many rows); a pager offers pages up to it and shows e.g. '275+'.
 */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    pageable: z.object({
      totalSize: z.number().int(),
      totalSizeIsLowerBound: z.boolean().optional(),
      pageSize: z.number().int(),
      pageNumber: z.number().int(),
    }),
  });
}
