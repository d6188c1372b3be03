/**
 * Saving the server's CSV exports as a CSV file or an Excel workbook: the time entries page and the diagnose
 * export share how a CSV is read, how a sheet is written and how the file reaches the user.
 */
import { trackEvent } from '../analytics/analytics.ts';

export type SpreadsheetFormat = 'csv' | 'xlsx';

/** A cell of a written sheet: null leaves it empty. */
export type SheetCell = string | number | null;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A CSV as rows of cells (RFC 4180: quoted cells may hold commas, quotes and line breaks, which a description or a
 * label can), without the byte order mark.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let at = 0; at < source.length; at++) {
    const char = source.charAt(at);
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * One sheet of rows as an Excel workbook, the first row (the header) bold and the columns as wide as given from the
 * left. exceljs is loaded only when someone asks for a workbook: it is large.
 */
export async function writeWorkbook(
  sheetName: string,
  rows: readonly (readonly SheetCell[])[],
  columnWidths: readonly number[],
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const cells of rows) sheet.addRow([...cells]);
  sheet.getRow(1).font = { bold: true };
  columnWidths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  return workbook.xlsx.writeBuffer();
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves the CSV as `<name>.csv`, or as `<name>.xlsx` in the workbook `toWorkbook` makes of it. */
export async function saveCsvOrWorkbook(
  csv: string,
  format: SpreadsheetFormat,
  name: string,
  toWorkbook: (csv: string) => Promise<ArrayBuffer>,
): Promise<void> {
  trackEvent('export downloaded', { format });
  if (format === 'csv') saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
  else saveFile(new Blob([await toWorkbook(csv)], { type: XLSX_TYPE }), `${name}.xlsx`);
}
