import { type TimeEntryFilter } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiStream } from '../../shared/api/index.ts';
import {
  parseCsv,
  saveCsvOrWorkbook,
  writeWorkbook,
  type SpreadsheetFormat,
} from '../../shared/export/spreadsheetExport.ts';
import type { PagedTableSort } from '../../shared/ui/PagedTable.tsx';

export type TimeEntryExportFormat = SpreadsheetFormat;

/** Columns of the server's CSV that hold numbers (Ticket, Hours, Minutes, Total hours): numbers in Excel too. */
const NUMBER_COLUMNS = new Set([1, 6, 7, 8]);

/**
 * The same rows as an Excel workbook (exceljs loads only when asked for). A cell the server guarded with an
 * apostrophe against formulas is a plain text cell here, which Excel never runs, so the apostrophe goes.
 */
export async function timeEntriesWorkbook(csv: string): Promise<ArrayBuffer> {
  const [header = [], ...rows] = parseCsv(csv);
  return writeWorkbook(
    'Time entries',
    [
      header,
      ...rows.map((cells) =>
        cells.map((cell, index) =>
          NUMBER_COLUMNS.has(index) && cell !== '' ? Number(cell) : cell.replace(/^'(?=[=+\-@\t\r])/, ''),
        ),
      ),
    ],
    [12, 8, 36, 24, 22, 12, 8, 8, 11, 60],
  );
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
  await saveCsvOrWorkbook(csv, format, `time-entries-${today}`, timeEntriesWorkbook);
}
