import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, ColorSwatch, Group, Loader, Text, Tooltip, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import uPlot from 'uplot';
import type { TimeRange } from '@kelvin/domain';
import { axisStyle, timeAxisOptions } from './timeAxis.ts';

export interface TimelineBar {
  from: number;
  to: number;
  color: string;
  /** Says what the bar is (a status, an alert), shown when the cursor is on it. */
  label: string;
}

export interface TimelineLane {
  key: string;
  label: string;
  bars: readonly TimelineBar[];
}

export interface TimelineChartProps {
  title: string;
  lanes: readonly TimelineLane[];
  /** The colours' meanings, shown under the chart. */
  legend: readonly { label: string; color: string }[];
  range: TimeRange;
  timeZone: string;
  /** The most the chart may take: lanes keep their height, and past this the lanes scroll. */
  height: number;
  syncKey?: string;
  emptyText: string;
  loading?: boolean;
  onZoom?: (range: TimeRange) => void;
  onWidth?: (width: number) => void;
  /** Formats the times of the bar under the cursor. */
  formatTime: (ts: number) => string;
}

/** Every lane is this tall, however many there are: labels one line each, never on top of one another. */
export const LANE_PX = 28;
const TIME_AXIS_PX = 50;
const PAD_TOP_PX = 6;
const LEGEND_PX = 24;

/** The label column: a quarter of the chart, within bounds; a longer label is cut and told in full on hover. */
export const laneLabelWidth = (width: number) => Math.round(Math.min(220, Math.max(96, width * 0.25)));

/** The plot's height for `lanes` lanes of LANE_PX, axis and padding included. */
export const timelinePlotHeight = (lanes: number) => PAD_TOP_PX + lanes * LANE_PX + TIME_AXIS_PX;

/** Where the lanes sit in the chart, in CSS pixels: the plot area's top and left edges. */
interface LaneFrame {
  top: number;
  left: number;
}

/** The lane and bar under a cursor position, if any. */
function barAt(lanes: readonly TimelineLane[], plot: uPlot) {
  const { left, top } = plot.cursor;
  if (left === undefined || top === undefined || left < 0 || top < 0) return null;
  const ts = plot.posToVal(left, 'x');
  const lane = lanes[Math.floor(plot.posToVal(top, 'y'))];
  const bar = lane?.bars.find((one) => one.from <= ts && ts < one.to);
  return lane && bar ? { lane, bar } : null;
}

/**
 * Lanes of coloured bars over the screen's time axis (status timelines, alert Gantt), on the same uPlot time
 * axis as the line charts: the same zone, the same synced cursor, the same drag to zoom.
 */
export function TimelineChart(props: TimelineChartProps) {
  const { title, lanes, legend, range, timeZone, height, syncKey, emptyText, loading = false } = props;
  const { ref: sizeRef, width } = useElementSize();
  const targetRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const latest = useRef({ range, lanes, onZoom: props.onZoom });
  useLayoutEffect(() => {
    latest.current = { range, lanes, onZoom: props.onZoom };
  });
  const [hover, setHover] = useState<ReturnType<typeof barAt>>(null);
  const [frame, setFrame] = useState<LaneFrame | null>(null);
  const scheme = useComputedColorScheme('light');
  const plotWidth = Math.floor(width);
  const labelWidth = laneLabelWidth(plotWidth);
  // The plot is as tall as its lanes need, not as the space given: a few lanes never stretch, many never squeeze.
  const plotHeight = timelinePlotHeight(Math.max(1, lanes.length));
  const laneKeys = lanes.map((lane) => `${lane.key}|${lane.label}`).join(';');
  const onWidth = props.onWidth;

  useEffect(() => {
    const target = targetRef.current;
    if (!target || plotWidth <= 0) return;
    const axis = axisStyle(scheme);
    const time = timeAxisOptions({ timeZone, syncKey, latest });
    const options: uPlot.Options = {
      ...time,
      width: plotWidth,
      height: plotHeight,
      padding: [PAD_TOP_PX, 12, 0, 0],
      scales: {
        ...time.scales,
        // The first lane on top, as a list reads.
        y: { dir: -1, range: () => [0, Math.max(1, latest.current.lanes.length)] },
      },
      axes: [
        { ...axis, size: TIME_AXIS_PX },
        {
          // The column the lane labels are laid over (as text, cut to fit, with a tooltip): the axis draws none.
          ...axis,
          size: labelWidth,
          grid: { show: false },
          ticks: { show: false },
          splits: () => latest.current.lanes.map((_, index) => index + 0.5),
          values: (_u, splits) => splits.map(() => ''),
        },
      ],
      series: [{}],
      hooks: {
        ...time.hooks,
        draw: [(plot) => drawBars(plot, latest.current.lanes)],
        ready: [(plot) => setFrame(laneFrame(plot))],
        setSize: [(plot) => setFrame(laneFrame(plot))],
        setCursor: [(plot) => setHover(barAt(latest.current.lanes, plot))],
      },
    };
    const plot = new uPlot(options, [[range.from, range.to]], target);
    plotRef.current = plot;
    return () => {
      plot.destroy();
      plotRef.current = null;
    };
    // New bars and ranges are applied below by a redraw; rebuilding for them would lose the cursor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [laneKeys, timeZone, syncKey, plotHeight, labelWidth, scheme, plotWidth > 0]);

  useEffect(() => {
    plotRef.current?.setData([[range.from, range.to]], true);
  }, [lanes, range.from, range.to]);
  useEffect(() => {
    if (plotWidth > 0) plotRef.current?.setSize({ width: plotWidth, height: plotHeight });
  }, [plotWidth, plotHeight]);
  useEffect(() => {
    if (plotWidth > 0) onWidth?.(plotWidth);
  }, [plotWidth, onWidth]);

  const bars = lanes.reduce((sum, lane) => sum + lane.bars.length, 0);
  return (
    <Box>
      <Box
        ref={sizeRef}
        mah={Math.max(height - LEGEND_PX, LANE_PX + TIME_AXIS_PX)}
        style={{ overflowY: 'auto' }}
      >
        {lanes.length > 0 ? (
          <Box pos="relative">
            <div
              ref={targetRef}
              role="img"
              aria-label={`${title}: ${lanes.length} lanes, ${bars} bars: ${lanes.map((lane) => lane.label).join(', ')}`}
            />
            {frame &&
              lanes.map((lane, index) => (
                <Tooltip key={lane.key} label={lane.label} openDelay={300} withinPortal>
                  <Text
                    size="xs"
                    truncate="end"
                    pos="absolute"
                    left={4}
                    top={frame.top + index * LANE_PX}
                    w={Math.max(0, frame.left - 12)}
                    h={LANE_PX}
                    lh={`${LANE_PX}px`}
                    data-lane-label
                  >
                    {lane.label}
                  </Text>
                </Tooltip>
              ))}
          </Box>
        ) : (
          // Nothing to draw: a calm message in the chart's place rather than an empty axis.
          <Group gap="xs" justify="center" align="center" mih={Math.min(height, 80)} role="status">
            {loading && <Loader size="xs" />}
            <Text c="dimmed" size="sm">
              {loading ? 'Loading…' : emptyText}
            </Text>
          </Group>
        )}
      </Box>
      <Group gap="md" mt={4} wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="wrap">
          {legend.map((entry) => (
            <Group key={entry.label} gap={4} wrap="nowrap">
              <ColorSwatch color={entry.color} size={10} radius={2} withShadow={false} />
              <Text size="xs">{entry.label}</Text>
            </Group>
          ))}
        </Group>
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="off">
          {hover
            ? `${hover.lane.label} · ${hover.bar.label} · ${props.formatTime(hover.bar.from)} – ${props.formatTime(hover.bar.to)}`
            : '\u00a0'}
        </Text>
      </Group>
    </Box>
  );
}

/** The plot area's top-left corner in CSS pixels, where lane 0 starts: uPlot places it after axes and padding. */
function laneFrame(plot: uPlot): LaneFrame {
  return { top: plot.over.offsetTop, left: plot.over.offsetLeft };
}

/** Each lane's bars, in canvas pixels, clipped to the plotting area. */
function drawBars(plot: uPlot, lanes: readonly TimelineLane[]): void {
  const { ctx, bbox } = plot;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  lanes.forEach((lane, index) => {
    const top = plot.valToPos(index + 0.85, 'y', true);
    const bottom = plot.valToPos(index + 0.15, 'y', true);
    for (const bar of lane.bars) {
      const left = plot.valToPos(bar.from, 'x', true);
      const right = plot.valToPos(bar.to, 'x', true);
      ctx.fillStyle = bar.color;
      // A run shorter than a pixel still shows: a fault of seconds in a month is what the operator looks for.
      ctx.fillRect(left, Math.min(top, bottom), Math.max(right - left, 1), Math.abs(bottom - top));
    }
  });
  ctx.restore();
}
