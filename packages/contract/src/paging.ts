import { z } from 'zod';

/** Spec: pageableQuery {type: 'PAGED', pageSize, pageNumber, sort: [{property, direction}]}. Pages count from 0. */
export const pageableQuerySchema = z.strictObject({
  type: z.literal('PAGED'),
  pageSize: z.number().int().min(1).max(1000),
  pageNumber: z.number().int().min(0),
  sort: z
    .array(z.strictObject({ property: z.string().min(1), direction: z.enum(['ASC', 'DESC']) }))
    .default([]),
});
export type PageableQuery = z.infer<typeof pageableQuerySchema>;

/** Spec: {content, pageable: {totalSize, ...}}. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    pageable: z.object({
      totalSize: z.number().int(),
      pageSize: z.number().int(),
      pageNumber: z.number().int(),
    }),
  });
}
