import { uniqueSheetName, type FormWorkbookLayout } from '@kelvin/domain';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A workbook of one sheet per form, from the domain's layout (spec section 9, Excel export): each sheet opens
 * with the form's details (Company, Performed by, Date: label bold, value beside it), a blank line, then the
 * table: its header row bold and frozen, columns as wide as the layout says, a row per step. `title` is the file's
 * title property (spec: 'ticketId:formLabel' for one form). exceljs is imported here, when an export starts, the
 * same lazy import the console's other exports use: it stays out of every screen's first scripts.
 */
export async function writeFormsWorkbook(
  layouts: readonly FormWorkbookLayout[],
  title: string,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.title = title;
  workbook.created = new Date();
  const taken = new Set<string>();
  for (const layout of layouts) {
    const name = uniqueSheetName(layout.sheetName, taken);
    taken.add(name);
    const headerRow = layout.details.length + (layout.details.length > 0 ? 2 : 1);
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow }] });
    // Keys without headers: the header row comes after the details, and rows are added by key.
    sheet.columns = layout.columns.map((column) => ({ key: column.key, width: column.width }));
    for (const detail of layout.details) {
      sheet.addRow([detail.label, detail.value]).getCell(1).font = { bold: true };
    }
    if (layout.details.length > 0) sheet.addRow([]);
    sheet.addRow(layout.columns.map((column) => column.header)).font = { bold: true };
    for (const row of layout.rows) {
      // A description runs over several lines rather than past its column.
      sheet.addRow(row).getCell('description').alignment = { wrapText: true, vertical: 'top' };
    }
  }
  return workbook.xlsx.writeBuffer();
}
