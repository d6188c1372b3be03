import { contract, type TimeEntryFilter } from '@kelvin/contract';
import { apiStream } from '../../shared/api/index.ts';
import type { PagedTableSort } from '../../shared/ui/PagedTable.tsx';

export type TimeEntryExportFormat = 'csv' | 'xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The server's CSV as rows of cells (RFC 4180: quoted cells may hold commas, quotes and line breaks, which a
 * description can), without the byte order mark.
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

/** Columns of the server's CSV that hold numbers (Ticket, Hours, Minutes, Total hours): numbers in Excel too. */
const NUMBER_COLUMNS = new Set([1, 6, 7, 8]);

/**
 * The same rows as an Excel workbook (exceljs loads only when asked for). A cell the server guarded with an
 * apostrophe against formulas is a plain text cell here, which Excel never runs, so the apostrophe goes.
 */
export async function timeEntriesWorkbook(csv: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Time entries');
  const [header = [], ...rows] = parseCsv(csv);
  sheet.addRow(header);
  for (const cells of rows) {
    sheet.addRow(
      cells.map((cell, index) =>
        NUMBER_COLUMNS.has(index) && cell !== '' ? Number(cell) : cell.replace(/^'(?=[=+\-@\t\r])/, ''),
      ),
    );
  }
  sheet.getRow(1).font = { bold: true };
  [12, 8, 36, 24, 22, 12, 8, 8, 11, 60].forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
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

/** Every entry of the filter, in the grid's sort, saved as CSV or Excel. */
export async function downloadTimeEntries(
  filter: TimeEntryFilter,
  sort: PagedTableSort | undefined,
  format: TimeEntryExportFormat,
  today: string,
): Promise<void> {
  const response = await apiStream(contract.timeEntriesExport, {
    body: { filter, ...(sort ? { sort: [sort] } : {}) },
  });
  const csv = await response.text();
  const name = `time-entries-${today}`;
  if (format === 'csv') save(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
  else save(new Blob([await timeEntriesWorkbook(csv)], { type: XLSX_TYPE }), `${name}.xlsx`);
}
