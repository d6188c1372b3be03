import type { ReactNode } from 'react';
import { Box, Group, LoadingOverlay, Pagination, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export interface PagedTableColumn<Row> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Fixed width of the column (CSS), e.g. 120 or '30%'. */
  width?: number | string;
  /** How the server sorts the rows by this column, said to screen readers on the header (aria-sort). */
  sorted?: 'ascending' | 'descending' | 'none';
}

export interface PagedTableProps<Row> {
  /** The table's accessible name, e.g. 'Maintenance windows'. */
  label: string;
  columns: readonly PagedTableColumn<Row>[];
  /** The rows of this page; undefined while the first page loads (placeholder rows keep the layout). */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** Rows on every page and the page shown, from 0, as the server pages them (pageableQuery). */
  totalSize: number | undefined;
  pageSize: number;
  pageNumber: number;
  onPageChange: (pageNumber: number) => void;
  /** A later page (or a new filter) is on its way: the current rows stay, dimmed, under a loader. */
  fetching?: boolean;
  /** What the table says when the server answers no rows. */
  empty: ReactNode;
  /** What a count says, e.g. (n) => `${n} windows`. */
  countLabel?: (totalSize: number) => string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /**
   * On screens narrower than this (a CSS width, e.g. '48em') each row is a card of its cells under their headers,
   * so a phone reads a row without scrolling sideways. Left out: always a table.
   */
  cardsBelow?: string;
}

const PLACEHOLDER_ROWS = 3;

/**
 * The console's server-paged grid: one page of rows from the server, its count and the pager. Loading keeps the
 * layout (placeholder rows first, then the previous page under an overlay); an empty answer says so in place.
 * Failures are the caller's (QueryError above the table), since what to retry is theirs.
 */
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const { label, columns, rows, rowKey, totalSize, pageSize, pageNumber, onPageChange } = props;
  const pages = totalSize === undefined ? 1 : Math.max(1, Math.ceil(totalSize / pageSize));
  const cards = useMediaQuery(props.cardsBelow ? `(max-width: ${props.cardsBelow})` : '(max-width: 0px)');
  if (rows !== undefined && rows.length === 0 && !props.fetching) {
    return (
      <Text c="dimmed" py="md">
        {props.empty}
      </Text>
    );
  }
  return (
    <Box pos="relative">
      <LoadingOverlay
        visible={props.fetching === true && rows !== undefined}
        zIndex={2}
        overlayProps={{ blur: 1 }}
        loaderProps={{ size: 'sm' }}
      />
      {cards ? (
        <RowCards label={label} columns={columns} rows={rows} rowKey={rowKey} />
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 0}>
          <Table
            striped
            highlightOnHover
            aria-label={label}
            aria-busy={rows === undefined || props.fetching === true}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} w={column.width} aria-sort={column.sorted}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows === undefined
                ? Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
                    <Table.Tr key={`placeholder-${index}`}>
                      {columns.map((column) => (
                        <Table.Td key={column.key}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((row) => (
                    <Table.Tr key={rowKey(row)}>
                      {columns.map((column) => (
                        <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {totalSize === undefined ? '' : (props.countLabel?.(totalSize) ?? `${totalSize} rows`)}
        </Text>
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={pageNumber + 1}
            onChange={(value) => onPageChange(value - 1)}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next'
                  ? 'Next page'
                  : control === 'previous'
                    ? 'Previous page'
                    : `${control} page`,
            })}
          />
        )}
      </Group>
    </Box>
  );
}

/** The rows as cards, each cell under its header; a header that names nothing visible (actions) is left out. */
function RowCards<Row>({
  label,
  columns,
  rows,
  rowKey,
}: Pick<PagedTableProps<Row>, 'label' | 'columns' | 'rows' | 'rowKey'>) {
  if (rows === undefined)
    return (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
          <Skeleton key={index} height={96} radius="md" />
        ))}
      </Stack>
    );
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {rows.map((row) => (
        <Paper key={rowKey(row)} withBorder p="sm" role="listitem">
          <Stack gap={6}>
            {columns.map((column) => (
              <div key={column.key}>
                {typeof column.header === 'string' && (
                  <Text size="xs" c="dimmed" fw={500}>
                    {column.header}
                  </Text>
                )}
                {column.cell(row)}
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
