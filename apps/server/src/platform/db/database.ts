import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as maintenanceSchema from './maintenanceSchema.ts';
import * as problemsSchema from './problemsSchema.ts';
import * as tables from './schema.ts';
import * as ticketsSchema from './ticketsSchema.ts';

const schema = { ...tables, ...maintenanceSchema, ...problemsSchema, ...ticketsSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories take `Db | Tx` so that a service can group writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query: the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export interface DatabaseOptions {
  /** PostgreSQL connection string; PGlite when absent. */
  url?: string | undefined;
  /** PGlite data directory; in memory when absent. */
  pgliteDir?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate themselves this way); created when missing. */
  schemaName?: string | undefined;
  /**
   * An in-memory PGlite starts from this dump of a data directory (PGlite's dumpDataDir) instead of empty: tests
   * start from an already migrated one, since replaying every migration took seconds per database.
   */
  pgliteTemplate?: Blob | undefined;
}

/** Opens the relational store and brings it to the latest migration. Same SQL on both engines. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.schemaName);
  return openPglite(options.pgliteDir, options.pgliteTemplate);
}

/** A new in-memory PGlite brought to the latest migration, dumped as a data directory (see pgliteTemplate). */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

async function openPglite(dir: string | undefined, template: Blob | undefined): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite(template ? { loadDataDir: template } : {});
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, schemaName: string | undefined): Promise<Database> {
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName))
    throw new Error(`Invalid schema name ${schemaName}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Names the connections in pg_stat_activity: the schema for tests, the product otherwise.
    application_name: schemaName ?? 'kelvin',
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle client whose connection drops (server restart, failover, idle timeout) makes the pool emit
  // 'error'; unhandled, that event would end the process. The pool replaces the client on the next query.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`, 'DatabaseWarning');
  });
  if (schemaName) await pool.query(`create schema if not exists ${schemaName}`);
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder, ...(schemaName ? { migrationsSchema: schemaName } : {}) });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
