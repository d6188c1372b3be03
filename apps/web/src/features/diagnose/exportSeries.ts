import { contract, type BodyInput } from '@kelvin/contract';
import { apiStream } from '../../shared/api/index.ts';

export type ExportRequest = BodyInput<typeof contract.timeSeriesExport>;
export type ExportFormat = 'csv' | 'xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

/** A CSV line as cells, quotes undone (the server quotes names only). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < line.length; at++) {
    const char = line.charAt(at);
    if (quoted) {
      if (char === '"' && line[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** The same rows as an Excel workbook: exceljs is loaded only when someone asks for one. */
export async function toWorkbook(csv: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Export');
  const [header = '', ...lines] = csv.trimEnd().split('\n');
  sheet.addRow(csvCells(header));
  for (const line of lines) {
    const [time = '', ...values] = csvCells(line);
    sheet.addRow([time, ...values.map((value) => (value === '' ? null : Number(value)))]);
  }
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(1).width = 26;
  return workbook.xlsx.writeBuffer();
}

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
  if (format === 'csv') save(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
  else save(new Blob([await toWorkbook(csv)], { type: XLSX_TYPE }), `${base}.xlsx`);
}
