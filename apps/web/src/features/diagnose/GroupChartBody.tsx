import { useMemo, useState } from 'react';
import type { Metric, TimeSeries } from '@kelvin/contract';
import {
  formatMetricValue,
  formatMetricValueWithUnits,
  comparedRange,
  compareOffset,
  offsetLabel,
  thresholdBands,
  type Aggregation,
  type CompareChoice,
  type Limits,
  type TimeRange,
} from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
import type { ChartSeries } from '../../shared/charts/chartData.ts';
import { paletteColor } from '../../shared/charts/palette.ts';
import { TimeSeriesChart } from '../../shared/charts/TimeSeriesChart.tsx';
import { wholeValueTicks } from '../../shared/charts/valueAxis.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useVisitAnnotations } from '../tickets/problems/visitAnnotations.ts';
import { useChartSeries } from './diagnoseQueries.ts';

/** Step and enum metrics hold their value until the next reading: drawn as steps. */
const isStepped = (metric: Metric | undefined) =>
  metric !== undefined && ['step', 'enum', 'semantic_version'].includes(metric.displayType);

/** The answer's series as chart lines: named by metric, and by asset too when several assets are shown. */
export function toChartSeries(
  answer: readonly TimeSeries[],
  metrics: ReadonlyMap<number, Metric>,
  assetNames: ReadonlyMap<number, string>,
): ChartSeries[] {
  const severalAssets = new Set(answer.map((series) => series.assetId)).size > 1;
  return answer.map((series, index) => {
    const metric = metrics.get(series.metricId);
    const metricName = metric?.name ?? `Metric ${series.metricId}`;
    const assetName = assetNames.get(series.assetId) ?? `Asset ${series.assetId}`;
    const { timestamps, values, metadatas } = series.dataPoints;
    return {
      key: `${series.assetId}:${series.metricId}:${series.assetReadingType}`,
      label: severalAssets ? `${assetName} · ${metricName}` : metricName,
      timestamps,
      values: values.map((value, at) => (metadatas[at]?.isIntervalCheckEmptyValue ? null : value)),
      step: isStepped(metric),
      color: paletteColor(index),
      format: (value: number | null) =>
        formatMetricValueWithUnits(metric, value, metric?.units, userUnitsProfile()),
      states: metric !== undefined && wholeValueTicks([metric]) !== undefined,
    };
  });
}

export interface ChartBodyProps {
  title: string;
  assets: readonly { assetId: number; name: string }[];
  metrics: readonly Metric[];
  aggregationOf: (metric: Metric) => Aggregation;
  range: TimeRange;
  timeZone: string;
  syncKey: string;
  /** Pixels for the plot and its legend together; the chart lays them out (legend beside or below). */
  height: number;
  /** The threshold asset's limits by metric alias, when thresholds are shown. */
  limits?: ReadonlyMap<string, Limits>;
  /** An earlier period to overlay, dashed, on the same axis. */
  compare?: CompareChoice | undefined;
  onZoom: (range: TimeRange) => void;
}

/** Translucent, so that lines and grid show through in either colour scheme. */
const BAND_COLOURS = { WARNING: 'rgba(240, 140, 0, 0.14)', CRITICAL: 'rgba(224, 49, 49, 0.16)' } as const;

/** One chart of a group: its metrics for its assets over the screen's range, asked for at the plot's width. */
export function ChartBody(props: ChartBodyProps) {
  const { title, assets, metrics, aggregationOf, range, timeZone, syncKey, height, onZoom, limits, compare } =
    props;
  const [width, setWidth] = useState(0);
  const request = {
    assetIds: assets.map((asset) => asset.assetId),
    metrics: metrics.map((metric) => ({ metricId: metric.metricId, aggregation: aggregationOf(metric) })),
    range,
    width,
  };
  const query = useChartSeries(request);
  // Service visits (tickets in progress on these assets), so that before and after a visit can be compared.
  const annotations = useVisitAnnotations(request.assetIds, range);
  // The earlier period: asked at the same width, drawn moved forward onto the current axis.
  const earlier = useChartSeries({
    ...request,
    range: compare ? comparedRange(compare, range) : range,
    width: compare ? width : 0,
  });
  const byId = useMemo(() => new Map(metrics.map((metric) => [metric.metricId, metric])), [metrics]);
  const names = useMemo(() => new Map(assets.map((asset) => [asset.assetId, asset.name])), [assets]);
  const series = useMemo(() => {
    const current = toChartSeries(query.data ?? [], byId, names);
    if (!compare || !earlier.data) return current;
    const offset = compareOffset(compare, range);
    const overlay = toChartSeries(earlier.data, byId, names).map((one) => ({
      ...one,
      key: `${one.key}:earlier`,
      label: `${one.label} · ${offsetLabel(offset)}`,
      timestamps: one.timestamps.map((ts) => ts + offset),
      dashed: true,
    }));
    return [...current, ...overlay];
  }, [query.data, earlier.data, compare, range, byId, names]);
  // The axis follows the first metric (decimals, enum labels), with units only when all share them.
  const first = metrics[0];
  const sharedUnits = new Set(metrics.map((metric) => metric.units)).size === 1;
  const format = useMemo(
    () => (value: number | null) =>
      sharedUnits
        ? formatMetricValueWithUnits(first, value, first?.units, userUnitsProfile())
        : formatMetricValue(first, value),
    [first, sharedUnits],
  );
  // Enum metrics tick only at their states, each named.
  const valueTicks = useMemo(() => wholeValueTicks(metrics), [metrics]);

  const bands = useMemo(
    () =>
      metrics.flatMap((metric) => {
        const limit = limits?.get(metric.alias);
        return limit
          ? thresholdBands(limit).map((band) => ({
              from: band.from,
              to: band.to,
              color: BAND_COLOURS[band.level],
            }))
          : [];
      }),
    [metrics, limits],
  );

  if (query.isError) {
    return <QueryError label={title} error={query.error} onRetry={() => void query.refetch()} />;
  }
  // A series per metric and unit, twice when an earlier period is overlaid.
  const legendRows = (compare ? 2 : 1) * metrics.length * assets.length;
  return (
    <>
      {compare && earlier.isError && (
        <QueryError
          label={`the earlier period of ${title}`}
          error={earlier.error}
          onRetry={() => void earlier.refetch()}
        />
      )}
      <TimeSeriesChart
        title={title}
        series={series}
        range={range}
        timeZone={timeZone}
        syncKey={syncKey}
        fitHeight={height}
        legendRows={legendRows}
        formatValue={format}
        onZoom={onZoom}
        onWidth={setWidth}
        loading={query.data === undefined && (width === 0 || query.isFetching)}
        bands={bands}
        valueTicks={valueTicks}
        annotations={annotations}
      />
    </>
  );
}
