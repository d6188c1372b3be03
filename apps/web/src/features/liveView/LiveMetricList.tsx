import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { livePath, type Metric } from '@kelvin/contract';
import type { LiveValueStore } from '../live/liveValueStore.ts';
import { LiveGroupRow, LiveValueRow } from './LiveMetricRow.tsx';
import type { LiveViewRow } from './liveViewRows.ts';

const GROUP_HEIGHT = 32;
const COMPACT_HEIGHT = 30;
const DETAILED_HEIGHT = 48;

export interface LiveMetricListProps {
  rows: readonly LiveViewRow[];
  assetId: number;
  /** Where each row reads its own value: a batch of values renders only the rows whose value changed. */
  values: LiveValueStore;
  detailed: boolean;
  sideLabels: boolean;
  timeZone: string;
  onToggleGroup: (key: string) => void;
  onCommand: ((metric: Metric) => void) | undefined;
  /** The list's greatest height: past it the list scrolls inside the page, so the toolbar stays in view. */
  height: string;
}

/**
 * The unit's metrics, virtualised: only the rows in view (and a few beyond) exist in the page, and each of them
 * renders when its own value changes, so a unit of thousands of metrics updating many times a second renders
 * neither the list nor the page for a batch of values, only the few dozen rows in view whose value changed.
 */
export function LiveMetricList(props: LiveMetricListProps) {
  const { rows, assetId, values, detailed, sideLabels, timeZone, onToggleGroup, onCommand, height } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const metricHeight = detailed ? DETAILED_HEIGHT : COMPACT_HEIGHT;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === 'group' ? GROUP_HEIGHT : metricHeight),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
  });

  return (
    <div
      ref={scroller}
      style={{ maxHeight: height, overflowY: 'auto' }}
      role="table"
      aria-label="Live metric values"
      aria-rowcount={rows.length}
      tabIndex={0}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
              aria-rowindex={item.index + 1}
            >
              {row.kind === 'group' ? (
                <LiveGroupRow
                  label={row.label}
                  count={row.count}
                  depth={row.depth}
                  height={GROUP_HEIGHT}
                  collapsed={row.collapsed}
                  groupKey={row.key.slice(2)}
                  onToggle={onToggleGroup}
                />
              ) : (
                <LiveValueRow
                  values={values}
                  path={livePath(assetId, row.metric.metricId)}
                  metric={row.metric}
                  depth={row.depth}
                  height={metricHeight}
                  detailed={detailed}
                  sideLabels={sideLabels}
                  timeZone={timeZone}
                  onCommand={onCommand && row.metric.actionsPermitted.length > 0 ? onCommand : undefined}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
