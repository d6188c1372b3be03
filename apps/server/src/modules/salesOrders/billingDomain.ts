/**
 * The billing rules of @kelvin/domain (packages/domain/src/billing), read through this one file until the domain
 * index exports them (the lead adds `export * from './billing/index.ts';`): then this file imports '@kelvin/domain'.
 */
export * from '../../../../../packages/domain/src/billing/index.ts';
