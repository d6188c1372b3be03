import 'uplot/dist/uPlot.min.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Group, Loader, Text, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import uPlot from 'uplot';
import type { TimeRange } from '@kelvin/domain';
import { alignSeries, type ChartSeries } from './chartData.ts';
import { ChartLegend } from './ChartLegend.tsx';
import { chartLayout, LEGEND_GAP_PX, type ChartLayout } from './chartLayout.ts';
import { drawAnnotations, type ChartAnnotation } from './chartAnnotations.ts';
import { drawBands, valueRange, type ChartBand } from './chartBands.ts';
import { axisStyle, timeAxisOptions } from './timeAxis.ts';
import { valueAxisOptions } from './valueAxis.ts';

export type { TimeRange };

export interface TimeSeriesChartProps {
  /** Names the chart for screen readers and in its frame. */
  title: string;
  series: readonly ChartSeries[];
  range: TimeRange;
  /** IANA zone of every axis label and tooltip. */
  timeZone: string;
  height?: number;
  /** Charts with the same key share their cursor and tooltip position. */
  syncKey?: string;
  /** Formats a value of this chart's metrics (ticks, legend, tooltip). */
  formatValue: (value: number | null) => string;
  /** A range dragged across the plot. */
  onZoom?: (range: TimeRange) => void;
  /** The plot's width in CSS pixels: series are asked for with maxPoints equal to it. */
  onWidth?: (width: number) => void;
  /** The first answer is still on its way: says so instead of 'No data in this range'. */
  loading?: boolean;
  /** Threshold bands behind the lines; the value axis reaches every one. */
  bands?: readonly ChartBand[];
  /** Pixels the legend may take; past them it scrolls, so that the plot keeps a readable height. */
  legendHeight?: number;
  /**
   * Pixels for the plot and its legend together, in place of height and legendHeight: the chart shares them out
   * itself (see chartLayout), its legend beside a wide plot or under a narrow one, the plot never squeezed.
   */
  fitHeight?: number;
  /**
   * The series the legend will list, when known before they arrive (one per metric and unit): the layout then
   * holds from the first frame, and the plot's width, which series are asked at, does not change when they come.
   */
  legendRows?: number;
  /**
   * The only values the value axis ticks at, each labelled by formatValue: an enum's values (see
   * wholeValueTicks). Absent, the axis ticks at uPlot's nice numbers.
   */
  valueTicks?: readonly number[] | undefined;
  /** Spans of time shaded behind the lines with a label (service visits). */
  annotations?: readonly ChartAnnotation[] | undefined;
}

const stepped = uPlot.paths.stepped?.({ align: 1 });
const NO_BANDS: readonly ChartBand[] = [];
const NO_ANNOTATIONS: readonly ChartAnnotation[] = [];
const bandEdges = (bands: readonly ChartBand[]) =>
  bands.flatMap((band) => [band.from, band.to].filter((edge): edge is number => edge !== null));

/**
 * The one chart module: uPlot over millisecond timestamps in the chosen time zone. Gaps stay gaps, step metrics
 * are drawn as steps, dragging across the plot zooms (the caller fetches the new range), and charts with the same
 * sync key move one cursor together.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const {
    title,
    series,
    range,
    timeZone,
    height: givenHeight = 240,
    syncKey,
    formatValue,
    onZoom,
    onWidth,
    loading = false,
    bands = NO_BANDS,
    legendHeight: givenLegendHeight,
    fitHeight,
    legendRows,
    valueTicks,
    annotations = NO_ANNOTATIONS,
  } = props;
  const { ref: sizeRef, width } = useElementSize();
  const targetRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // What uPlot's callbacks read: the newest props, without rebuilding the plot for each.
  const latest = useRef({ range, formatValue, onZoom, bands, valueTicks, annotations });
  useLayoutEffect(() => {
    latest.current = { range, formatValue, onZoom, bands, valueTicks, annotations };
  });
  const scheme = useComputedColorScheme('light');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const data = useMemo(() => alignSeries(series), [series]);
  // The plot is rebuilt only when what its options depend on changes; new data alone is set in place.
  const shape = series
    .map((one) => `${one.key}|${one.label}|${one.color}|${one.step}|${one.dashed}`)
    .join(';');
  const layout: ChartLayout =
    fitHeight === undefined
      ? {
          legend: 'below',
          plotWidth: width,
          plotHeight: givenHeight,
          legendHeight: givenLegendHeight,
          legendWidth: undefined,
        }
      : chartLayout(width, fitHeight, legendRows ?? series.length);
  const height = layout.plotHeight;
  const legendHeight = layout.legendHeight;
  const beside = layout.legend === 'beside';
  const plotWidth = Math.floor(layout.plotWidth);
  const wholeValues = valueTicks !== undefined;

  useEffect(() => {
    const target = targetRef.current;
    if (!target || plotWidth <= 0) return;
    const axis = axisStyle(scheme);
    const time = timeAxisOptions({ timeZone, syncKey, latest });
    const options: uPlot.Options = {
      ...time,
      width: plotWidth,
      height,
      scales: {
        ...time.scales,
        y: { range: (_u, min, max) => valueRange(min, max, bandEdges(latest.current.bands)) },
      },
      hooks: {
        ...time.hooks,
        drawClear: [
          (plot) => {
            drawBands(plot, latest.current.bands);
            drawAnnotations(plot, latest.current.annotations);
          },
        ],
      },
      axes: [axis, valueAxisOptions({ style: axis, wholeValues, latest })],
      series: [
        {},
        ...series.map((one) => ({
          label: one.label,
          stroke: one.color,
          width: 1.5,
          spanGaps: false,
          show: !hidden.has(one.key),
          ...(one.dashed ? { dash: [6, 4] } : {}),
          ...(one.step && stepped ? { paths: stepped } : {}),
          value: (_u: uPlot, value: number | null) => (one.format ?? latest.current.formatValue)(value),
        })),
      ],
    };
    const plot = new uPlot(options, data, target);
    plotRef.current = plot;
    return () => {
      plot.destroy();
      plotRef.current = null;
    };
    // Data and visibility are applied by the effects below; rebuilding for them would lose the cursor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, timeZone, syncKey, height, scheme, plotWidth > 0, wholeValues]);

  // New bands or whole values may move the value axis: the data is set again so that it is laid out anew.
  useEffect(() => plotRef.current?.setData(data, true), [data, bands, valueTicks]);
  // New annotations repaint the plot in place; the first ones are painted as it is built.
  const paintedAnnotations = useRef(annotations);
  useEffect(() => {
    if (paintedAnnotations.current === annotations) return;
    paintedAnnotations.current = annotations;
    plotRef.current?.redraw(false);
  }, [annotations]);
  useEffect(() => {
    if (plotWidth > 0) plotRef.current?.setSize({ width: plotWidth, height });
  }, [plotWidth, height]);
  useEffect(() => {
    plotRef.current?.setScale('x', { min: range.from, max: range.to });
  }, [range.from, range.to]);
  useEffect(() => {
    if (plotWidth > 0) onWidth?.(plotWidth);
  }, [plotWidth, onWidth]);

  function handleToggle(key: string) {
    const index = series.findIndex((one) => one.key === key);
    const next = new Set(hidden);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setHidden(next);
    plotRef.current?.setSeries(index + 1, { show: !next.has(key) });
  }

  const empty = series.every((one) => one.values.every((value) => value === null));
  return (
    <Box ref={sizeRef} style={beside ? { display: 'flex', gap: LEGEND_GAP_PX } : undefined}>
      <Box pos="relative" w={beside ? plotWidth : undefined} style={{ flex: 'none' }}>
        <div
          ref={targetRef}
          role="img"
          aria-label={`${title}: ${series.map((one) => one.label).join(', ')}${bands.length > 0 ? '; limits shown as bands' : ''}${annotations.length > 0 ? `; service visits shaded: ${annotations.map((one) => one.label).join(', ')}` : ''}`}
        />
        {empty && loading && (
          <Group gap="xs" justify="center" pos="absolute" top="40%" w="100%" role="status">
            <Loader size="xs" />
            <Text c="dimmed" size="sm">
              Loading…
            </Text>
          </Group>
        )}
        {empty && !loading && (
          <Text c="dimmed" size="sm" pos="absolute" top="40%" w="100%" ta="center">
            No data in this range
          </Text>
        )}
      </Box>
      <Box
        mah={legendHeight}
        w={layout.legendWidth}
        style={{ overflowY: legendHeight === undefined ? undefined : 'auto', flex: 'none' }}
        data-legend={layout.legend}
      >
        <ChartLegend
          series={series}
          hidden={hidden}
          formatValue={formatValue}
          onToggle={handleToggle}
          nameWidth={layout.legendWidth === undefined ? undefined : Math.round(layout.legendWidth * 0.4)}
        />
      </Box>
    </Box>
  );
}
