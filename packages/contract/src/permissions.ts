import { z } from 'zod';

/** Spec: each grant has attributes, each of type ALL or a list of values. */
export const attributeGrantSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ALL') }),
  z.object({ type: z.literal('VALUES'), values: z.array(z.union([z.string(), z.number()])) }),
]);
export type AttributeGrant = z.infer<typeof attributeGrantSchema>;

export const grantSchema = z.object({ attributes: z.record(z.string(), attributeGrantSchema) });
export type Grant = z.infer<typeof grantSchema>;

/** Spec: map of permission name to a list of grants. */
export const permissionsSchema = z.record(z.string(), z.array(grantSchema));
export type Permissions = z.infer<typeof permissionsSchema>;
