import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const serverRoot = path.resolve(import.meta.dirname, 'apps/server');

/**
 * Server test files that replace modules or globals (vi.mock, spies, stubs, fake timers): they run each in a fresh
 * module graph of their own, since a module another file imported first would not see the replacement, and a
 * global left replaced would reach the next file.
 */
function serverFilesNeedingIsolation(): string[] {
  const files = readdirSync(path.join(serverRoot, 'src'), { recursive: true, encoding: 'utf8' });
  return files
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) =>
      /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers)\(/.test(
        readFileSync(path.join(serverRoot, 'src', file), 'utf8'),
      ),
    )
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

/**
 * Files that take minutes (the contract fuzz and tenancy walk send thousands of requests; the crash tests and the
 * cluster's start server processes): started first, each keeps one worker while the other works through the rest,
 * instead of starting late and running alone at the end. Vitest would order a clean clone's files by size alone.
 */
const LONG_FILES = [
  'apps/server/src/http/contractFuzz.test.ts',
  'apps/server/src/http/tenancyWalk.test.ts',
  'apps/server/src/modules/telemetry/ingestCrash.test.ts',
  'apps/server/src/modules/deviceLogs/deviceLogsCrash.test.ts',
  'apps/server/src/cluster/cluster.test.ts',
].map((file) => path.resolve(import.meta.dirname, file));

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONG_FILES.indexOf(spec.moduleId);
      return index === -1 ? LONG_FILES.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

const isolatedServerFiles = serverFilesNeedingIsolation();
const serverTests = {
  root: 'apps/server',
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

// Unit and route tests for every workspace; e2e has its own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, which leaves the second core idle while route tests wait on
    // databases, servers and child processes: two keep both busy.
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      {
        test: {
          ...serverTests,
          name: 'server',
          // Files of a worker share one module graph: importing the server afresh for each file cost as much as
          // running its tests. Every file closes what it opens (afterAll), so nothing of one reaches the next.
          isolate: false,
          exclude: [...configDefaults.exclude, ...isolatedServerFiles],
        },
      },
      ...(isolatedServerFiles.length === 0
        ? []
        : [{ test: { ...serverTests, name: 'server-isolated', include: isolatedServerFiles } }]),
      'apps/web/vitest.config.ts',
    ],
  },
});
