import { describe, expect, it } from 'vitest';
import { countValues, readExport, toWorkbook } from './exportSeries.ts';

const CSV = [
  'Time (UTC),"Unit, A / Supply (°C)",Unit A / Fan (%)',
  '2026-11-24 10:00:00.000,18.5,40',
  '2026-11-24 10:00:30.000,18.75,',
  '2026-11-24 10:01:00.000,,41',
].join('\n');

function streamed(text: string, chunk: number, values: number): Response {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunk) controller.enqueue(bytes.slice(at, at + chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'x-export-values': String(values) } });
}

describe('reading an export', () => {
  it('counts the values of complete lines, not the time column or empty cells', () => {
    expect(countValues(CSV.split('\n').slice(1))).toBe(4);
  });

  it('reports progress as values arrive, in chunks that cut lines anywhere, and ends at 1', async () => {
    const progress: number[] = [];
    const text = await readExport(streamed(`${CSV}\n`, 7, 4), (fraction) => progress.push(fraction));
    expect(text).toBe(`${CSV}\n`);
    expect(progress.at(-1)).toBe(1);
    expect(progress.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('turns the CSV into a workbook with numbers as numbers and empty cells empty', async () => {
    const bytes = await toWorkbook(CSV);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet('Export');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Time (UTC)',
      'Unit, A / Supply (°C)',
      'Unit A / Fan (%)',
    ]);
    expect(sheet?.getRow(2).values).toEqual([undefined, '2026-11-24 10:00:00.000', 18.5, 40]);
    expect(sheet?.getRow(3).getCell(3).value).toBeNull();
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getColumn(1).width).toBe(26);
  });
});
