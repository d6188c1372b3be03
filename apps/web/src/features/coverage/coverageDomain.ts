/**
 * The coverage rules of @kelvin/domain (packages/domain/src/coverage), read through this one file until the domain
 * index exports them; then this file re-exports from '@kelvin/domain'.
 */
export * from '../../../../../packages/domain/src/coverage/index.ts';
