import { UploadRejected, splitCsvLine, type CsvField } from './assetDataLines.ts';

/** A point as ingestion takes it (`ingestPointSchema`): the resolver checks assets, metrics and values. */
export interface RawPoint {
  assetId: number;
  alias?: string;
  metricId?: number;
  ts: number;
  value: number | boolean | string;
  status?: number;
  units?: string;
}

export interface ParsedPoint {
  line: number;
  point: RawPoint;
}

/** Turns the lines after the header into points; throws UploadRejected naming the line and the problem. */
export type LineParser = (line: number, text: string) => RawPoint;

export const NDJSON_HEADER = { format: 'kelvin-asset-data', version: 1 } as const;
const CSV_COLUMNS = ['assetId', 'alias', 'metricId', 'ts', 'value', 'status', 'units'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
const VALUE_PROBLEM = 'value must be a number, boolean or text';
const TS_PROBLEM = 'ts must be epoch milliseconds or an ISO 8601 date and time with a time zone';
/** Date, time and an explicit zone: a time without a zone would mean whatever zone the server runs in. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const MAX_TEXT = 1000;

const reject = (line: number, problem: string) => new UploadRejected(`Line ${line}: ${problem}.`);

function isCsvColumn(name: string): name is CsvColumn {
  return CSV_COLUMNS.some((column) => column === name);
}

function parseTs(line: number, raw: unknown): number {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return raw;
  if (typeof raw === 'string') {
    if (/^\d+$/.test(raw)) return Number(raw);
    if (ISO_DATE_TIME.test(raw)) {
      const ms = Date.parse(raw);
      if (Number.isFinite(ms)) return ms;
    }
  }
  throw reject(line, TS_PROBLEM);
}

function parsePositiveInteger(line: number, field: string, raw: unknown): number {
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw reject(line, `${field} must be a positive integer`);
}

function parseStatus(line: number, raw: unknown): number {
  const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw reject(line, 'status must be an integer');
}

function textValue(line: number, text: string): string {
  if (text.length > MAX_TEXT) throw reject(line, `text values hold at most ${MAX_TEXT} characters`);
  return text;
}

function csvValue(line: number, field: CsvField): number | boolean | string {
  if (field.quoted) return textValue(line, field.text);
  if (field.text === '') throw reject(line, VALUE_PROBLEM);
  if (NUMBER.test(field.text)) return Number(field.text);
  if (/^true$/i.test(field.text)) return true;
  if (/^false$/i.test(field.text)) return false;
  return textValue(line, field.text);
}

/** Header `assetId,alias,ts,value[,status][,units]` (metricId may stand in for alias; any column order). */
export function csvParser(headerText: string): LineParser {
  const header = splitCsvLine(headerText)?.map((field) => field.text);
  const unknown = header?.filter((name) => !isCsvColumn(name)) ?? [];
  if (!header || unknown.length > 0 || new Set(header).size !== header.length) {
    throw new UploadRejected(
      `Line 1: the header must name the columns assetId,alias,ts,value[,status][,units]${
        unknown.length > 0 ? `; unknown column "${unknown[0] ?? ''}"` : ''
      }.`,
    );
  }
  const position = new Map<CsvColumn, number>();
  header.forEach((name, index) => {
    if (isCsvColumn(name)) position.set(name, index);
  });
  const missing = ['assetId', 'ts', 'value'].filter((name) => !header.includes(name));
  if (missing.length > 0 || (!position.has('alias') && !position.has('metricId'))) {
    const names = missing.length > 0 ? missing.join(', ') : 'alias';
    throw new UploadRejected(`Line 1: the header lacks the column ${names}.`);
  }

  return (line, text) => {
    const fields = splitCsvLine(text);
    if (!fields) throw reject(line, 'a quoted field is not closed');
    if (fields.length !== header.length) {
      throw reject(line, `expected ${header.length} fields (${header.join(',')}), found ${fields.length}`);
    }
    const field = (column: CsvColumn): CsvField | undefined => {
      const index = position.get(column);
      return index === undefined ? undefined : fields[index];
    };
    const point: RawPoint = {
      assetId: parsePositiveInteger(line, 'assetId', field('assetId')?.text),
      ts: parseTs(line, field('ts')?.text),
      value: csvValue(line, field('value') ?? { text: '', quoted: false }),
    };
    const alias = field('alias')?.text;
    if (alias) point.alias = alias;
    const metricId = field('metricId')?.text;
    if (metricId) point.metricId = parsePositiveInteger(line, 'metricId', metricId);
    if (point.alias === undefined && point.metricId === undefined) throw reject(line, 'alias is missing');
    const status = field('status')?.text;
    if (status) point.status = parseStatus(line, status);
    const units = field('units')?.text;
    if (units) point.units = units;
    return point;
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonObject(line: number, text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw reject(line, 'not valid JSON');
  }
  if (!isRecord(parsed)) throw reject(line, 'each line must be one JSON object');
  return parsed;
}

const NDJSON_FIELDS = new Set(['assetId', 'alias', 'metricId', 'ts', 'value', 'status', 'units']);

/** First line {"format":"kelvin-asset-data","version":1}, then one point object per line. */
export function ndjsonParser(headerText: string): LineParser {
  const header = parseJsonObject(1, headerText);
  if (header.format !== NDJSON_HEADER.format || header.version !== NDJSON_HEADER.version) {
    throw new UploadRejected(`Line 1: the header must be ${JSON.stringify(NDJSON_HEADER)}.`);
  }
  return (line, text) => {
    const object = parseJsonObject(line, text);
    const extra = Object.keys(object).find((key) => !NDJSON_FIELDS.has(key));
    if (extra !== undefined) throw reject(line, `unknown field "${extra}"`);
    const { value } = object;
    if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string') {
      throw reject(line, VALUE_PROBLEM);
    }
    const point: RawPoint = {
      assetId: parsePositiveInteger(line, 'assetId', object.assetId),
      ts: parseTs(line, object.ts),
      value: typeof value === 'string' ? textValue(line, value) : value,
    };
    if (object.alias !== undefined) {
      if (typeof object.alias !== 'string' || object.alias === '') throw reject(line, 'alias must be text');
      point.alias = object.alias;
    }
    if (object.metricId !== undefined)
      point.metricId = parsePositiveInteger(line, 'metricId', object.metricId);
    if (point.alias === undefined && point.metricId === undefined) throw reject(line, 'alias is missing');
    if (object.status !== undefined) point.status = parseStatus(line, object.status);
    if (object.units !== undefined) {
      if (typeof object.units !== 'string') throw reject(line, 'units must be text');
      point.units = object.units;
    }
    return point;
  };
}

/** The format follows from the header line: a JSON object means NDJSON, anything else a CSV header. */
export function parserFor(headerText: string): LineParser {
  return headerText.trimStart().startsWith('{') ? ndjsonParser(headerText) : csvParser(headerText);
}
