import { describe, expect, it } from 'vitest';
import { timeEntriesWorkbook } from './exportTimeEntries.ts';

const csv =
  '\uFEFFDate,Ticket,Title,Company,User,Labor code,Hours,Minutes,Total hours,Description\r\n' +
  '2026-11-20,42,"Fan 2, noisy",Acme,Sam Staff,Other,1,15,1.25,"\'=SUM(A1), ""two""\nlines"\r\n';

describe('time entries export', { timeout: 30_000 }, () => {
  it('writes an Excel sheet with numbers as numbers and guarded texts as plain text', async () => {
    const buffer = await timeEntriesWorkbook(csv);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.getWorksheet('Time entries');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Date');
    expect(sheet?.getRow(1).font.bold).toBe(true);
    expect(sheet?.getColumn(10).width).toBe(60);
    const row = sheet?.getRow(2);
    expect(row?.getCell(2).value).toBe(42);
    expect(row?.getCell(9).value).toBe(1.25);
    expect(row?.getCell(10).value).toBe('=SUM(A1), "two"\nlines');
    expect(row?.getCell(10).type).toBe(ExcelJS.ValueType.String);
  });
});
