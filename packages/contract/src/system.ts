import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const environments = ['production', 'dev', 'local'] as const;
export const environmentSchema = z.enum(environments);
export type Environment = z.infer<typeof environmentSchema>;

/** What the browser needs before it can sign in: the issuer and the client id per environment. */
export const authConfigSchema = z.object({
  issuer: z.string(),
  clientIds: z.partialRecord(environmentSchema, z.string()),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const systemEndpoints = {
  authConfig: endpoint({
    name: 'auth.config',
    method: 'GET',
    path: '/auth/config',
    summary: 'Identity provider settings for the browser: issuer and client id per environment.',
    auth: 'public',
    output: authConfigSchema,
  }),
};
