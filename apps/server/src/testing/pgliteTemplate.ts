import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migratedPgliteDump } from '../platform/db/database.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** PGlite's own package.json: a dump is a data directory of one PGlite version. */
function pglitePackageJson(): Buffer {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return readFileSync(
    path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json'),
  );
}

/** Names the template by PGlite's version and the migrations' content: a change of either builds a new one. */
function templateHash(): string {
  const hash = createHash('sha256');
  hash.update(pglitePackageJson());
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files.filter((name) => name.endsWith('.sql') || name.endsWith('.json'))) {
    hash.update(file);
    hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

/**
 * An empty PGlite data directory with every migration applied, as PGlite's dump, for test databases to start
 * from: replaying all migrations took 3 to 12 s per database on these machines, and route tests open dozens.
 * Built once per PGlite version and set of migrations and kept in the system's temporary directory, so that test
 * files and processes share it (written under a temporary name and renamed: two processes building it at once
 * both leave a whole file).
 */
export function migratedPgliteTemplate(): Promise<Blob> {
  template ??= loadOrBuild();
  return template;
}

async function loadOrBuild(): Promise<Blob> {
  const file = path.join(tmpdir(), `kelvin-pglite-${templateHash()}.tar.gz`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not built yet for these migrations.
  }
  const dump = await migratedPgliteDump();
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}
