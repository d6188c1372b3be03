import type { SheetCell } from '../../../shared/export/spreadsheetExport.ts';

/** One sheet as plain data: what the domain's form workbook layout gives, ready for exceljs. */
export interface WorkbookSheetData {
  /** The wanted name; made valid and unique in the workbook (exceljs refuses a repeat). */
  sheetName: string;
  columns: readonly { header: string; width: number }[];
  rows: readonly (readonly SheetCell[])[];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's rule for sheet names: at most 31 characters, none of : \ / ? * [ ], and not blank. */
const SHEET_NAME_LIMIT = 31;

/**
 * Sheet names valid for Excel and unique in one workbook (case-insensitively, as Excel compares them): two forms
 * of ticket 1042 become '1042' and '1042 (2)'.
 */
export function uniqueSheetNames(wanted: readonly string[]): string[] {
  const used = new Set<string>();
  return wanted.map((raw) => {
    const base =
      raw
        .replace(/[:\\/?*[\]]/g, '-')
        .trim()
        .slice(0, SHEET_NAME_LIMIT) || 'Sheet';
    let name = base;
    for (let copy = 2; used.has(name.toLowerCase()); copy += 1) {
      const suffix = ` (${copy})`;
      name = `${base.slice(0, SHEET_NAME_LIMIT - suffix.length)}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * A workbook of one sheet per form: the header row bold and frozen, the columns as wide as the layout says.
 * `title` is the file's title property (spec: 'ticketId:formLabel' for one form). exceljs is imported here, when
 * an export starts, the same lazy import the console's other exports use: it stays out of every screen's scripts.
 */
export async function writeFormsWorkbook(
  sheets: readonly WorkbookSheetData[],
  title: string,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.title = title;
  workbook.created = new Date();
  const names = uniqueSheetNames(sheets.map((sheet) => sheet.sheetName));
  sheets.forEach((data, index) => {
    const sheet = workbook.addWorksheet(names[index], { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = data.columns.map((column) => ({ header: column.header, width: column.width }));
    for (const cells of data.rows) sheet.addRow([...cells]);
    sheet.getRow(1).font = { bold: true };
    // A description runs over several lines rather than past its column.
    sheet.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  });
  return workbook.xlsx.writeBuffer();
}
