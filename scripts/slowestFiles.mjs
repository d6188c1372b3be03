// The slowest test files of vitest's JSON reports, for `npm test` to print at its end so that the suite stays fast.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Each file of a JSON report with how long it ran (endTime - startTime), or none when the report is missing. */
export function fileDurations(reportFile, phase) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    return [];
  }
  const files = Array.isArray(report?.testResults) ? report.testResults : [];
  return files
    .filter((file) => typeof file.startTime === 'number' && typeof file.endTime === 'number')
    .map((file) => ({
      phase,
      file: path.relative(process.cwd(), String(file.name)),
      seconds: (file.endTime - file.startTime) / 1000,
    }));
}

/** The `count` longest files of all phases, longest first, as lines of a table. */
export function slowestFilesTable(durations, count = 10) {
  const slowest = [...durations].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  if (slowest.length === 0) return [];
  return [
    `\nslowest test files:`,
    ...slowest.map(
      ({ phase, file, seconds }) => `${seconds.toFixed(1).padStart(8)} s  ${phase.padEnd(7)} ${file}`,
    ),
  ];
}
