import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { inArray } from 'drizzle-orm';
import { TIME_SERIES_EXPORT_MAX_VALUES, type BodyOf, type metricsEndpoints } from '@kelvin/contract';
import {
  HOUR_MS,
  toDisplayValue,
  unitConversion,
  type UnitConversion,
  type UnitsProfile,
} from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField, notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets, metrics } from '../../platform/db/schema.ts';
import type { TimeSeriesStore } from '../../platform/timeseries/timeSeriesStore.ts';
import { getOwnPreferences } from '../users/userPreferencesService.ts';
import { asBadRequest, requireVisibleAssets } from './timeSeriesService.ts';

type ExportRequest = BodyOf<typeof metricsEndpoints.timeSeriesExport>;

/** The store answers RAW for at most 24 hours at a time: the export reads the range a day at a time. */
const WINDOW_MS = 24 * HOUR_MS;

interface Column {
  assetId: number;
  metricId: number;
  label: string;
  /** The user's units profile applied to the column (null: values as stored). */
  conversion: UnitConversion | null;
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** 'YYYY-MM-DD HH:mm:ss.SSS' in `timeZone`: sortable, and read as a date by spreadsheets. */
export function exportTimeFormatter(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
  });
  return (ms) => {
    const part = Object.fromEntries(format.formatToParts(ms).map((one) => [one.type, one.value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}.${part.fractionalSecond}`;
  };
}

/**
 * The columns, labelled and converted as the user reads the values on screen (their units profile): an export
 * made from an imperial chart reads in °F as the chart did.
 */
async function columnsOf(db: DbOrTx, request: ExportRequest, profile: UnitsProfile): Promise<Column[]> {
  const assetIds = [...new Set(request.assetIds)];
  const metricIds = [...new Set(request.metricIds)];
  const [assetRows, metricRows] = await Promise.all([
    db
      .select({ assetId: assets.assetId, name: assets.name })
      .from(assets)
      .where(inArray(assets.assetId, assetIds)),
    db
      .select({ metricId: metrics.metricId, alias: metrics.alias, name: metrics.name, units: metrics.units })
      .from(metrics)
      .where(inArray(metrics.metricId, metricIds)),
  ]);
  if (metricRows.length !== metricIds.length) throw notFound('Metric not found.');
  const assetName = new Map(assetRows.map((row) => [row.assetId, row.name]));
  const metric = new Map(metricRows.map((row) => [row.metricId, row]));
  return assetIds.flatMap((assetId) =>
    metricIds.map((metricId) => {
      const { alias, name, units } = metric.get(metricId) ?? {
        alias: '',
        name: String(metricId),
        units: null,
      };
      const conversion = unitConversion(units, profile, alias);
      const shown = conversion?.to ?? units;
      return {
        assetId,
        metricId,
        label: `${assetName.get(assetId) ?? assetId} / ${name}${shown ? ` (${shown})` : ''}`,
        conversion,
      };
    }),
  );
}

/** How many values the export holds, from the hour rollup (whole hours around the range: an upper bound). */
async function countValues(store: TimeSeriesStore, request: ExportRequest): Promise<number> {
  const series = await asBadRequest('body', () =>
    store.query({
      assetIds: [...new Set(request.assetIds)],
      metrics: [...new Set(request.metricIds)].map((metricId) => ({ metricId, aggregation: 'COUNT' })),
      from: Math.floor(request.from / HOUR_MS) * HOUR_MS,
      to: Math.ceil(request.to / HOUR_MS) * HOUR_MS,
      intervalMs: HOUR_MS,
    }),
  );
  return series.reduce(
    (sum, one) => sum + one.values.reduce<number>((total, value) => total + (value ?? 0), 0),
    0,
  );
}

/** The CSV, a day at a time through the one query path: rows of time, a column per series. */
async function* csvLines(store: TimeSeriesStore, request: ExportRequest, columns: readonly Column[]) {
  const time = exportTimeFormatter(request.timeZone);
  const index = new Map(columns.map((column, at) => [`${column.assetId}/${column.metricId}`, at]));
  yield `${[`Time (${request.timeZone})`, ...columns.map((column) => column.label)].map(csvField).join(',')}\n`;
  for (let from = request.from; from < request.to; from += WINDOW_MS) {
    const series = await store.query({
      assetIds: [...new Set(request.assetIds)],
      metrics: [...new Set(request.metricIds)].map((metricId) => ({ metricId, aggregation: 'RAW' })),
      from,
      to: Math.min(from + WINDOW_MS, request.to),
      intervalMs: 1,
    });
    const rows = new Map<number, (number | null)[]>();
    for (const one of series) {
      const column = index.get(`${one.assetId}/${one.metricId}`) ?? 0;
      const conversion = columns[column]?.conversion ?? null;
      one.timestamps.forEach((ts, at) => {
        const row = rows.get(ts) ?? new Array<number | null>(columns.length).fill(null);
        const value = one.values[at] ?? null;
        // A converted value to 10 significant digits: 18.5 °C is 65.3 °F, not 65.30000000000001.
        row[column] =
          value === null || conversion === null
            ? value
            : Number(toDisplayValue(value, conversion).toPrecision(10));
        rows.set(ts, row);
      });
    }
    const lines = [...rows]
      .sort((a, b) => a[0] - b[0])
      .map(
        ([ts, values]) =>
          `${time(ts)},${values.map((value) => (value === null ? '' : String(value))).join(',')}\n`,
      );
    if (lines.length > 0) yield lines.join('');
  }
}

/**
 * `assets.metrics.timeseries.export`: authorize, refuse an export past TIME_SERIES_EXPORT_MAX_VALUES, then stream
 * the CSV; x-export-values tells the browser how many values to expect, for its progress bar.
 */
export async function exportTimeSeries(
  deps: { db: DbOrTx; store: TimeSeriesStore },
  auth: AuthContext,
  request: ExportRequest,
  reply: FastifyReply,
): Promise<undefined> {
  await requireVisibleAssets(deps.db, auth, request.assetIds);
  const { unitsProfile } = await getOwnPreferences(deps.db, auth);
  const columns = await columnsOf(deps.db, request, unitsProfile);
  const values = await countValues(deps.store, request);
  if (values > TIME_SERIES_EXPORT_MAX_VALUES) {
    throw badField(
      'body',
      `The export would hold about ${values} values, more than the ${TIME_SERIES_EXPORT_MAX_VALUES} allowed: choose a shorter range or fewer metrics.`,
    );
  }
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="kelvin-export.csv"')
    .header('x-export-values', String(values))
    .send(Readable.from(csvLines(deps.store, request, columns)));
  return undefined;
}
