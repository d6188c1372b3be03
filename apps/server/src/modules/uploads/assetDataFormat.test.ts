import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ParsedPoint } from './assetDataFormat.ts';
import { csvParser, ndjsonParser } from './assetDataFormat.ts';
import { MAX_LINE_CHARS, splitCsvLine } from './assetDataLines.ts';
import { readAssetData } from './assetDataReader.ts';

async function readAll(text: string | Buffer, chunkSize = 1000): Promise<ParsedPoint[][]> {
  const bytes = typeof text === 'string' ? gzipSync(text) : text;
  const chunks: ParsedPoint[][] = [];
  for await (const chunk of readAssetData(Readable.from([bytes]), chunkSize)) chunks.push(chunk);
  return chunks;
}

const TS = Date.UTC(2025, 0, 2, 3, 4, 5);

describe('splitCsvLine', () => {
  it('splits on commas, trims bare fields and keeps quoted ones as text with doubled quotes', () => {
    expect(splitCsvLine(' 4 ,a.b,"x, ""y""",')).toEqual([
      { text: '4', quoted: false },
      { text: 'a.b', quoted: false },
      { text: 'x, "y"', quoted: true },
      { text: '', quoted: false },
    ]);
    expect(splitCsvLine('"open')).toBeUndefined();
  });
});

describe('csvParser', () => {
  const parse = csvParser('assetId,alias,ts,value,status,units');

  it('reads numbers, booleans and text; epoch and zoned ISO times; optional status and units', () => {
    expect(parse(2, `4,t.supply,${TS},18.5,2,°C`)).toEqual({
      assetId: 4,
      alias: 't.supply',
      ts: TS,
      value: 18.5,
      status: 2,
      units: '°C',
    });
    expect(parse(3, '4,t.fan,2025-01-02T04:04:05+01:00,TRUE,,')).toEqual({
      assetId: 4,
      alias: 't.fan',
      ts: TS,
      value: true,
    });
    expect(parse(4, `4,t.mode,${TS},"42",,`).value).toBe('42');
    expect(parse(5, `4,t.mode,${TS},cooling,,`).value).toBe('cooling');
  });

  it('names the line and the problem', () => {
    expect(() => parse(17, `4,t.supply,${TS},,,`)).toThrow(
      'Line 17: value must be a number, boolean or text.',
    );
    expect(() => parse(3, '4,t.supply,2025-01-02T03:04:05,1,,')).toThrow(
      'Line 3: ts must be epoch milliseconds or an ISO 8601 date and time with a time zone.',
    );
    expect(() => parse(4, `x,t.supply,${TS},1,,`)).toThrow('Line 4: assetId must be a positive integer.');
    expect(() => parse(5, `4,t.supply,${TS},1`)).toThrow('Line 5: expected 6 fields');
    expect(() => parse(6, `4,t.supply,${TS},1,warm,`)).toThrow('Line 6: status must be an integer.');
  });

  it('takes the columns in any order, metricId for alias, and refuses unknown or missing columns', () => {
    expect(csvParser('ts,value,metricId,assetId')(2, `${TS},1,7,4`)).toEqual({
      assetId: 4,
      metricId: 7,
      ts: TS,
      value: 1,
    });
    expect(() => csvParser('assetId,alias,ts,value,colour')).toThrow('unknown column "colour"');
    expect(() => csvParser('assetId,alias,value')).toThrow('Line 1: the header lacks the column ts.');
  });
});

describe('ndjsonParser', () => {
  const parse = ndjsonParser('{"format":"kelvin-asset-data","version":1}');

  it('reads point objects and refuses the wrong header, bad JSON, unknown fields and bad values', () => {
    expect(
      parse(2, `{"assetId":4,"alias":"a","ts":"2025-01-02T03:04:05Z","value":false,"status":1}`),
    ).toEqual({
      assetId: 4,
      alias: 'a',
      ts: TS,
      value: false,
      status: 1,
    });
    expect(() => ndjsonParser('{"format":"csv"}')).toThrow(
      'Line 1: the header must be {"format":"kelvin-asset-data","version":1}.',
    );
    expect(() => parse(3, '{"assetId":4,')).toThrow('Line 3: not valid JSON.');
    expect(() => parse(4, '[1]')).toThrow('Line 4: each line must be one JSON object.');
    expect(() => parse(5, `{"assetId":4,"alias":"a","ts":${TS},"value":1,"colour":"red"}`)).toThrow(
      'Line 5: unknown field "colour".',
    );
    expect(() => parse(6, `{"assetId":4,"alias":"a","ts":${TS},"value":null}`)).toThrow(
      'Line 6: value must be a number, boolean or text.',
    );
  });
});

describe('readAssetData', () => {
  it('streams chunks with line numbers, skipping blank lines and a byte order mark', async () => {
    const text = `\uFEFFassetId,alias,ts,value\r\n4,a,${TS},1\r\n\r\n4,a,${TS + 1},2\n4,a,${TS + 2},3`;
    const chunks = await readAll(text, 2);
    expect(chunks.map((chunk) => chunk.map((entry) => entry.line))).toEqual([[2, 4], [5]]);
  });

  it('rejects data that is not gzip, an empty file and an overlong line', async () => {
    await expect(readAll(Buffer.from('plain text'))).rejects.toThrow('The file is not valid gzip data.');
    await expect(readAll('')).rejects.toThrow('The file is empty.');
    await expect(readAll(`assetId,alias,ts,value\n${'x'.repeat(MAX_LINE_CHARS + 10)}`)).rejects.toThrow(
      `Line 2: the line is longer than ${MAX_LINE_CHARS} characters.`,
    );
  });
});
