#!/usr/bin/env node
// `npm test`: unit and route tests (the web build beside them), then the browser tests, then the slowest files and
// one summary line.
// With KELVIN_REQUIRE_SERVICES=1 (CI) a skipped test fails the run: nothing may be skipped silently.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileDurations, slowestFilesTable } from './slowestFiles.mjs';

const requireServices = process.env.KELVIN_REQUIRE_SERVICES === '1';
mkdirSync('.tmp', { recursive: true });
// Absolute: vitest resolves a relative output file against each config's root.
const results = (name) => path.resolve('.tmp', name);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command in the background, its output into `logFile`; resolves with its exit status. */
function runInBackground(command, args, logFile) {
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, { stdio: ['ignore', log, log] });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

function counts(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json'];
// The web build needs no test and the tests no build: it runs beside them, its output shown after them.
const build = runInBackground('npm', ['run', 'build', '-w', '@kelvin/web'], results('web-build.log'));
const unitStatus = run('node', [...vitest, `--outputFile.json=${results('unit-results.json')}`]);
const buildStatus = await build;
process.stdout.write(readFileSync(results('web-build.log'), 'utf8'));
const e2eStatus =
  buildStatus === 0
    ? run('node', [
        ...vitest,
        '--config',
        'e2e/vitest.config.ts',
        `--outputFile.json=${results('e2e-results.json')}`,
      ])
    : 1;

const unit = counts(results('unit-results.json'));
const e2e = buildStatus === 0 ? counts(results('e2e-results.json')) : { passed: 0, failed: 1, skipped: 0 };
const total = {
  passed: unit.passed + e2e.passed,
  failed: unit.failed + e2e.failed + (buildStatus === 0 ? 0 : 1),
  skipped: unit.skipped + e2e.skipped,
};
const durations = [
  ...fileDurations(results('unit-results.json'), 'unit'),
  ...(buildStatus === 0 ? fileDurations(results('e2e-results.json'), 'browser') : []),
];
for (const line of slowestFilesTable(durations)) console.log(line);
console.log(`\nunit and route tests: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(`browser tests: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped`);
if (buildStatus !== 0) console.log('the web build failed');
if (requireServices && total.skipped > 0) {
  console.log(`KELVIN_REQUIRE_SERVICES=1 but ${total.skipped} tests were skipped`);
}
console.log(`Summary: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);

const failed =
  unitStatus !== 0 || e2eStatus !== 0 || total.failed > 0 || (requireServices && total.skipped > 0);
process.exit(failed ? 1 : 0);
