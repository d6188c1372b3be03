import { describe, expect, it } from 'vitest';
import { uniqueSheetNames, writeFormsWorkbook, type WorkbookSheetData } from './formWorkbookFile.ts';

const columns = [
  { header: 'Section', width: 15 },
  { header: 'Step', width: 15 },
  { header: 'Description', width: 75 },
  { header: 'Reading', width: 15 },
];

const sheet = (sheetName: string, rows: WorkbookSheetData['rows']): WorkbookSheetData => ({
  sheetName,
  columns,
  rows,
});

async function reopen(bytes: ArrayBuffer) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

describe('form workbook file', { timeout: 30_000 }, () => {
  it('writes a sheet per form with the header bold, the widths and rows given, and the title', async () => {
    const bytes = await writeFormsWorkbook(
      [
        sheet('1042', [
          [1, 1, 'Filters clean', 'N/A'],
          [1, 2, 'Supply air', 18.4],
        ]),
        sheet('1043', [[2, 1, 'Belt tension', 'N/A']]),
      ],
      '1042:Quarterly preventive maintenance',
    );
    const workbook = await reopen(bytes);
    expect(workbook.title).toBe('1042:Quarterly preventive maintenance');
    expect(workbook.worksheets.map((each) => each.name)).toEqual(['1042', '1043']);
    const first = workbook.getWorksheet('1042');
    expect(first?.getRow(1).values).toEqual([undefined, 'Section', 'Step', 'Description', 'Reading']);
    expect(first?.getRow(1).font).toMatchObject({ bold: true });
    expect([1, 2, 3, 4].map((index) => first?.getColumn(index).width)).toEqual([15, 15, 75, 15]);
    expect(first?.getRow(2).values).toEqual([undefined, 1, 1, 'Filters clean', 'N/A']);
    expect(first?.getRow(3).values).toEqual([undefined, 1, 2, 'Supply air', 18.4]);
    expect(first?.rowCount).toBe(3);
  });

  it('names sheets as Excel allows: unique, at most 31 characters, no reserved characters', () => {
    expect(uniqueSheetNames(['1042', '1042', 'Downloaded Form', '1042'])).toEqual([
      '1042',
      '1042 (2)',
      'Downloaded Form',
      '1042 (3)',
    ]);
    const long = 'A very long label that goes past the limit';
    const [first, second] = uniqueSheetNames([long, long]);
    expect(first).toHaveLength(31);
    expect(second).toHaveLength(31);
    expect(second?.endsWith(' (2)')).toBe(true);
    expect(uniqueSheetNames(['a/b:c*d?[e]', '  '])).toEqual(['a-b-c-d--e-', 'Sheet']);
  });
});
