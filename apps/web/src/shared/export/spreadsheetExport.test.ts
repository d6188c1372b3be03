import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCsv, saveCsvOrWorkbook, writeWorkbook } from './spreadsheetExport.ts';

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(): its FileReader reads it. */
const textOf = (blob: Blob | undefined) =>
  new Promise<string>((resolve, reject) => {
    if (!blob) return reject(new Error('nothing saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsText(blob);
  });

describe('spreadsheet exports', { timeout: 30_000 }, () => {
  it('reads a CSV with quoted commas, quotes and line breaks, without the byte order mark', () => {
    const csv = '\uFEFFDate,Title,Description\r\n2026-11-20,"Fan 2, noisy","\'=SUM(A1), ""two""\nlines"\r\n';
    expect(parseCsv(csv)).toEqual([
      ['Date', 'Title', 'Description'],
      ['2026-11-20', 'Fan 2, noisy', '\'=SUM(A1), "two"\nlines'],
    ]);
    expect(parseCsv('a,"b, c","say ""hi""",')).toEqual([['a', 'b, c', 'say "hi"', '']]);
  });

  it('writes one sheet with a bold header, the widths given and empty cells empty', async () => {
    const bytes = await writeWorkbook(
      'Rows',
      [
        ['Name', 'Value'],
        ['a', 1.5],
        ['b', null],
      ],
      [20, 14],
    );
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet('Rows');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Name', 'Value']);
    expect(sheet?.getRow(1).font.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(2).value).toBe(1.5);
    expect(sheet?.getRow(3).getCell(2).value).toBeNull();
    expect([sheet?.getColumn(1).width, sheet?.getColumn(2).width]).toEqual([20, 14]);
  });

  it('saves the CSV as name.csv, or the workbook made of it as name.xlsx', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        const url = `blob:${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ name: this.download, blob });
    });
    const toWorkbook = vi.fn((csv: string) =>
      Promise.resolve(new TextEncoder().encode(`book of ${csv}`).buffer),
    );

    await saveCsvOrWorkbook('a,b\n1,2\n', 'csv', 'report-1', toWorkbook);
    await saveCsvOrWorkbook('a,b\n1,2\n', 'xlsx', 'report-1', toWorkbook);

    expect(saved.map((file) => [file.name, file.blob.type])).toEqual([
      ['report-1.csv', 'text/csv;charset=utf-8'],
      ['report-1.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
    expect(await textOf(saved[0]?.blob)).toBe('a,b\n1,2\n');
    expect(await textOf(saved[1]?.blob)).toBe('book of a,b\n1,2\n');
    expect(toWorkbook).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    vi.unstubAllGlobals();
  });
});
