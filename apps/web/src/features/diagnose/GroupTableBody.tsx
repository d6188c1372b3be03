import { useMemo, useState } from 'react';
import { Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { Metric } from '@kelvin/contract';
import { formatMetricValueWithUnits, type Aggregation, type TimeRange } from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { useChartSeries } from './diagnoseQueries.ts';

export interface TableBodyProps {
  title: string;
  assets: readonly { assetId: number; name: string }[];
  metrics: readonly Metric[];
  aggregationOf: (metric: Metric) => Aggregation;
  range: TimeRange;
  timeZone: string;
}

const PAGE_SIZE = 25;
/** Rows the table asks for over its range: the same query as a chart this many pixels wide. */
const TABLE_BUCKETS = 500;

/** Rows of time (newest first) by columns of metric, from the same query path as the charts. */
export function TableBody({ title, assets, metrics, aggregationOf, range, timeZone }: TableBodyProps) {
  const [page, setPage] = useState(1);
  const query = useChartSeries({
    assetIds: assets.map((asset) => asset.assetId),
    metrics: metrics.map((metric) => ({ metricId: metric.metricId, aggregation: aggregationOf(metric) })),
    range,
    width: TABLE_BUCKETS,
  });
  const { columns, rows } = useMemo(() => {
    const byId = new Map(metrics.map((metric) => [metric.metricId, metric]));
    const names = new Map(assets.map((asset) => [asset.assetId, asset.name]));
    const series = query.data ?? [];
    const cells = new Map<number, (string | undefined)[]>();
    series.forEach((one, column) => {
      const metric = byId.get(one.metricId);
      one.dataPoints.timestamps.forEach((ts, at) => {
        const empty = one.dataPoints.metadatas[at]?.isIntervalCheckEmptyValue === true;
        const row = cells.get(ts) ?? [];
        row[column] = formatMetricValueWithUnits(
          metric,
          empty ? null : one.dataPoints.values[at],
          metric?.units,
          userUnitsProfile(),
        );
        cells.set(ts, row);
      });
    });
    const several = assets.length > 1;
    return {
      columns: series.map((one) => {
        const name = byId.get(one.metricId)?.name ?? `Metric ${one.metricId}`;
        return several ? `${names.get(one.assetId) ?? one.assetId} · ${name}` : name;
      }),
      rows: [...cells].sort((a, b) => b[0] - a[0]),
    };
  }, [query.data, metrics, assets]);

  if (query.isError) {
    return <QueryError label={title} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.isPending && rows.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        No readings in this range.
      </Text>
    );
  }
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  return (
    <Stack gap="xs" h="100%" style={{ overflow: 'hidden' }}>
      <ScrollArea style={{ flex: 1, minHeight: 0 }}>
        <Table striped highlightOnHover stickyHeader aria-label={title} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time ({timeZone})</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column} ta="right">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map(([ts, values]) => (
              <Table.Tr key={ts}>
                <Table.Td>{formatDateTime(ts, timeZone)}</Table.Td>
                {columns.map((column, index) => (
                  <Table.Td key={column} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {values[index] ?? '-------'}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={setPage} />}
    </Stack>
  );
}
