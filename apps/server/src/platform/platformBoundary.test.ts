import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const platformDir = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(platformDir, '..', 'modules');

// Static imports, `export … from` and dynamic import() with a literal specifier.
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The relative specifiers of a source text that resolve into apps/server/src/modules. */
function importsOfModules(file: string, source: string): string[] {
  return [...source.matchAll(specifierPattern)]
    .map((match) => match[1] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .filter((specifier) => {
      const target = path.resolve(path.dirname(file), specifier);
      return target === modulesDir || target.startsWith(modulesDir + path.sep);
    });
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * DESIGN section 1: platform/ never imports modules/. What needs permissions or domain rules is declared here
 * as an interface and handed in by a module (the live transport's LivePolicy, for one). eslint.config.js says
 * the same to editors; this holds it in `npm test` whatever the lint configuration becomes.
 */
describe('platform boundary', () => {
  it('finds the imports it looks for', () => {
    // Written as if in platform/live/: from this file itself these specifiers lead outside src/modules.
    const file = path.join(platformDir, 'live', 'example.ts');
    const source = [
      "import { a } from '../../modules/users/usersRepository.ts';",
      "import type { B } from '../../modules/assets/lastSeenSource.ts';",
      "export { c } from '../../modules/access/assetAccess.ts';",
      "const d = await import('../../modules/telemetry/metricCatalogueCache.ts');",
      "import '../../modules/identity/oidcAdapter.ts';",
      "import { e } from '../db/database.ts';",
      "import { f } from '@kelvin/contract';",
    ].join('\n');
    expect(importsOfModules(file, source)).toEqual([
      '../../modules/users/usersRepository.ts',
      '../../modules/assets/lastSeenSource.ts',
      '../../modules/access/assetAccess.ts',
      '../../modules/telemetry/metricCatalogueCache.ts',
      '../../modules/identity/oidcAdapter.ts',
    ]);
  });

  it('no file under platform/, tests included, imports from modules/', async () => {
    const files = await sourceFiles(platformDir);
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      for (const specifier of importsOfModules(file, await readFile(file, 'utf8'))) {
        offenders.push(`${path.relative(platformDir, file)} imports ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
