import { type BodyInput } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiStream } from '../../shared/api/index.ts';
import {
  parseCsv,
  saveCsvOrWorkbook,
  writeWorkbook,
  type SpreadsheetFormat,
} from '../../shared/export/spreadsheetExport.ts';

export type ExportRequest = BodyInput<typeof contract.timeSeriesExport>;
export type ExportFormat = SpreadsheetFormat;

/** Values in complete CSV lines (every cell after the time column that holds one), for the progress bar. */
export function countValues(lines: readonly string[]): number {
  let values = 0;
  for (const line of lines) {
    const cells = line.split(',');
    for (let at = 1; at < cells.length; at++) if (cells[at] !== '') values += 1;
  }
  return values;
}

/**
 * Reads the server's streamed CSV, telling `onProgress` the share of the announced values received so far.
 * Answers the whole text.
 */
export async function readExport(
  response: Response,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const total = Number(response.headers.get('x-export-values') ?? 0);
  const reader = response.body?.getReader();
  if (!reader) return response.text();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let pending = '';
  let received = 0;
  let header = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    parts.push(text);
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    if (header && lines.length > 0) {
      lines.shift();
      header = false;
    }
    received += countValues(lines);
    if (total > 0) onProgress(Math.min(1, received / total));
  }
  parts.push(decoder.decode());
  onProgress(1);
  return parts.join('');
}

/** The same rows as an Excel workbook, numbers as numbers and empty cells empty. */
export async function toWorkbook(csv: string): Promise<ArrayBuffer> {
  const [header = [], ...rows] = parseCsv(csv.trimEnd());
  return writeWorkbook(
    'Export',
    [
      header,
      ...rows.map(([time = '', ...values]) => [
        time,
        ...values.map((value) => (value === '' ? null : Number(value))),
      ]),
    ],
    [26],
  );
}

/** Asks the server for the export, follows its progress, and saves the file as CSV or Excel. */
export async function downloadExport(
  request: ExportRequest,
  format: ExportFormat,
  name: string,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const response = await apiStream(contract.timeSeriesExport, { body: request });
  const csv = await readExport(response, onProgress);
  const base = name.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '') || 'export';
  await saveCsvOrWorkbook(csv, format, base, toWorkbook);
}
