/**
 * Writes the sample upload files into samples/ at the repository root:
 *   npx tsx apps/server/src/modules/uploads/makeSamples.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../config.ts';
import { sampleFiles } from './sampleFiles.ts';

for (const [name, bytes] of Object.entries(sampleFiles())) {
  const target = path.join(repoRoot, 'samples', name);
  writeFileSync(target, bytes);
  process.stdout.write(`${target} (${bytes.length} bytes)\n`);
}
