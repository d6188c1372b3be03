import type { ReactNode } from 'react';
import { Box, Group, LoadingOverlay, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import {
  ariaSort,
  CardsToolbar,
  columnTitle,
  ColumnsMenu,
  HeaderCell,
  type HeaderColumn,
  type PagedTableSort,
} from './pagedTableHeader.tsx';
import { ColumnResizer } from './ColumnResizer.tsx';
import classes from './PagedTable.module.css';
import { RowCards } from './PagedTableCards.tsx';
import { useCutTextTooltip } from './PagedTableCutText.tsx';
import {
  DENSITY_SPACING,
  DensitySwitch,
  PagedTableDensityProvider,
  useTableDensity,
} from './PagedTableDensity.tsx';

export type { PagedTableSort } from './pagedTableHeader.tsx';
export type { SetFilterDef, SetFilterOption } from './SetFilter.tsx';
export { usePagedTableDensity, type TableDensity } from './PagedTableDensity.tsx';

export interface PagedTableColumn<Row> extends HeaderColumn {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Fixed width of the column (CSS), e.g. 120 or '30%'. */
  width?: number | string;
  /**
   * How the server sorts the rows by this column, said to screen readers on the header (aria-sort), for a column
   * that draws its own sort control; a column with sortProperty gets it from the table's sort.
   */
  sorted?: 'ascending' | 'descending' | 'none';
  /** False keeps the column out of the columns menu (e.g. the row's link or selection). */
  hideable?: boolean;
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
  /**
   * The server stopped counting at totalSize (a search over many rows): the list holds at least that many, the
   * count reads e.g. '275+' and the pager offers the pages up to it (the server counts further from there).
   */
  totalIsLowerBound?: boolean;
  /** What a count says, e.g. (n) => `${n} windows`; atLeast as totalIsLowerBound. */
  countLabel?: (totalSize: number, atLeast: boolean) => string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /**
   * On screens narrower than this (a CSS width, e.g. '48em') each row is a card of its cells under their headers,
   * so a phone reads a row without scrolling sideways. Left out: always a table.
   */
  cardsBelow?: string;
  /** The server's sort; columns with a sortProperty then sort by a press on their header. */
  sort?: PagedTableSort;
  onSortChange?: (sort: PagedTableSort) => void;
  /** On a phone, a row's card drawn by the caller (e.g. the few fields that matter); left out: every cell. */
  card?: (row: Row) => ReactNode;
  /** Names the table's column choice in localStorage and shows the Columns menu; left out: every column, no menu. */
  columnsKey?: string;
  /** Columns hidden until the user shows them in the Columns menu (needs columnsKey): the less read ones. */
  defaultHiddenColumns?: readonly string[];
  /**
   * Lays the table out by the columns' widths (CSS table-layout fixed): columns without a width share what is
   * left, at least FLEX_COLUMN_MIN_WIDTH each, and a long text is cut at its column's edge instead of widening it.
   * Left out: the browser sizes columns by their content (compact rows cut a text past 24rem).
   */
  fixedLayout?: boolean;
}

const PLACEHOLDER_ROWS = 3;
/** A column shown after the others were sized by hand starts this wide. */
const NEW_COLUMN_WIDTH = 160;
/** In a fixed layout, a column without a width (the title) keeps this much before the table scrolls sideways. */
export const FLEX_COLUMN_MIN_WIDTH = 200;

/** How wide a fixed layout must be to give every column its width: narrower, it scrolls sideways. */
function fixedMinWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : FLEX_COLUMN_MIN_WIDTH),
    0,
  );
}

/** A resized table is exactly as wide as its columns: narrower than its box leaves room, wider scrolls. */
function sumWidths(columns: readonly { key: string }[], widths: Record<string, number>): number {
  return columns.reduce((sum, column) => sum + (widths[column.key] ?? NEW_COLUMN_WIDTH), 0);
}

function countText(
  totalSize: number,
  atLeast: boolean,
  label: PagedTableProps<unknown>['countLabel'],
): string {
  return label?.(totalSize, atLeast) ?? `${totalSize}${atLeast ? '+' : ''} rows`;
}

/**
 * Which rows a page shows, e.g. 'Showing 51–100 of 120' (of '275+' when the server stopped counting): a count
 * where the page already says how many in all.
 */
export function pageRange(pageNumber: number, pageSize: number, totalSize: number, atLeast = false): string {
  if (totalSize === 0) return '';
  const from = pageNumber * pageSize + 1;
  return `Showing ${from}–${Math.min(totalSize, from + pageSize - 1)} of ${totalSize}${atLeast ? '+' : ''}`;
}

/**
 * The console's server-paged grid: one page of rows from the server, its count and the pager. Loading keeps the
 * layout (placeholder rows first, then the previous page under an overlay); an empty answer says so in place.
 * Failures are the caller's (QueryError above the table), since what to retry is theirs.
 */
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const { label, rows, rowKey, totalSize, pageSize, pageNumber, onPageChange, sort, onSortChange } = props;
  const pages = totalSize === undefined ? 1 : Math.max(1, Math.ceil(totalSize / pageSize));
  const cards = useMediaQuery(props.cardsBelow ? `(max-width: ${props.cardsBelow})` : '(max-width: 0px)');
  const [hiddenKeys, setHiddenKeys] = useLocalStorage<string[]>({
    key: `kelvin.columns.${props.columnsKey ?? ''}`,
    defaultValue: [...(props.defaultHiddenColumns ?? [])],
    getInitialValueInEffect: false,
  });
  // Widths set by hand, kept per table like the column choice (only tables with a columnsKey resize).
  const [widths, setWidths] = useLocalStorage<Record<string, number>>({
    key: `kelvin.columnWidths.${props.columnsKey ?? ''}`,
    defaultValue: {},
    getInitialValueInEffect: false,
  });
  // Home on any column gives every column its natural width back: widths only hold together as a set.
  const resize = (key: string, width: number | undefined) =>
    setWidths((current) => (width === undefined ? {} : { ...current, [key]: width }));
  // Once resized, the table lays out by the widths alone (fixed layout: it grows past its box and scrolls);
  // left to the browser, it kept to its box and shrank one column for the one widened.
  const resized = props.columnsKey !== undefined && Object.keys(widths).length > 0;
  const [density, setDensity] = useTableDensity();
  const cutText = useCutTextTooltip();
  const hidden = new Set(props.columnsKey ? hiddenKeys : []);
  const columns = props.columns.filter((column) => column.hideable === false || !hidden.has(column.key));
  const hideable = props.columns.filter((column) => column.hideable !== false);
  const fixed = resized || props.fixedLayout === true;
  const minWidth = Math.max(props.minWidth ?? 0, props.fixedLayout && !resized ? fixedMinWidth(columns) : 0);
  const empty = rows !== undefined && rows.length === 0 && !props.fetching;
  // A table whose headers filter keeps them when nothing matches, or the filter could not be undone.
  const headersMatter = props.columns.some((column) => column.filter);
  if (empty && !headersMatter) {
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
        <>
          <CardsToolbar columns={columns} sort={sort} onSortChange={onSortChange} />
          {empty ? (
            <Text c="dimmed" py="md">
              {props.empty}
            </Text>
          ) : (
            <RowCards label={label} columns={columns} rows={rows} rowKey={rowKey} card={props.card} />
          )}
        </>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            striped
            highlightOnHover
            verticalSpacing={DENSITY_SPACING[density]}
            layout={fixed ? 'fixed' : undefined}
            style={resized ? { width: sumWidths(columns, widths) } : undefined}
            className={classes.table}
            mod={{ density, fixed }}
            aria-label={label}
            aria-busy={rows === undefined || props.fetching === true}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    data-column-key={column.key}
                    w={resized ? undefined : column.width}
                    // In pixels, as dragged (Mantine's w would scale a number as rem).
                    style={resized ? { width: widths[column.key] ?? NEW_COLUMN_WIDTH } : undefined}
                    pos={props.columnsKey ? 'relative' : undefined}
                    aria-sort={ariaSort(sort, column) ?? column.sorted}
                  >
                    <HeaderCell column={column} sort={sort} onSortChange={onSortChange} />
                    {props.columnsKey && (
                      <ColumnResizer
                        title={columnTitle(column)}
                        width={widths[column.key]}
                        onResize={(width) => resize(column.key, width)}
                        onStart={(drawn) => setWidths((current) => ({ ...drawn, ...current }))}
                      />
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody {...cutText.handlers}>
              {rows === undefined ? (
                Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
                  <Table.Tr key={`placeholder-${index}`}>
                    {columns.map((column) => (
                      <Table.Td key={column.key}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              ) : empty ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" py="sm">
                      {props.empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                <PagedTableDensityProvider value={density}>
                  {rows.map((row) => (
                    <Table.Tr key={rowKey(row)}>
                      {columns.map((column) => (
                        <Table.Td key={column.key}>
                          <div className={classes.cell} data-cell>
                            {column.cell(row)}
                          </div>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </PagedTableDensityProvider>
              )}
            </Table.Tbody>
          </Table>
          {cutText.tooltip}
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="xs" gap="xs">
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {totalSize === undefined
              ? ''
              : countText(totalSize, props.totalIsLowerBound === true, props.countLabel)}
          </Text>
          {props.columnsKey && !cards && (
            <ColumnsMenu columns={hideable} hidden={hidden} onChange={(next) => setHiddenKeys([...next])} />
          )}
          {!cards && <DensitySwitch value={density} onChange={setDensity} />}
        </Group>
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
