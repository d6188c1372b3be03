import { z } from 'zod';

/** Spec (Metric value): who forces a value; REMOTE ranks over SYSTEM over USER over NONE. */
export const overrideTypes = ['REMOTE', 'SYSTEM', 'USER', 'NONE'] as const;
export const overrideTypeSchema = z.enum(overrideTypes);
export type OverrideTypeName = z.infer<typeof overrideTypeSchema>;
