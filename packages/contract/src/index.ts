import { systemEndpoints } from './system.ts';
import { usersEndpoints } from './users.ts';
import type { EndpointDef } from './endpoint.ts';

export * from './endpoint.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './permissions.ts';
export * from './users.ts';
export * from './system.ts';

/** Every endpoint of the API, by key. Areas add their group here. */
export const contract = {
  ...systemEndpoints,
  ...usersEndpoints,
} satisfies Record<string, EndpointDef>;

export type Contract = typeof contract;
export const allEndpoints: readonly EndpointDef[] = Object.values(contract);
