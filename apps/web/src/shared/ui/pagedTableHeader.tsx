import type { ReactNode } from 'react';
import { Button, Checkbox, Group, Popover, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconColumns } from '@tabler/icons-react';
import { SetFilterButton, type SetFilterDef } from './SetFilter.tsx';

/** How the server sorts the rows: a property it knows (e.g. 'created_at') and a direction. */
export interface PagedTableSort {
  property: string;
  direction: 'ASC' | 'DESC';
}

/** The parts of a column the header draws; PagedTableColumn adds its cells. */
export interface HeaderColumn {
  key: string;
  header: ReactNode;
  /** The column's name where the header is not a string (filter and sort buttons, the columns menu). */
  title?: string;
  sortProperty?: string;
  /** The first direction when this column becomes the sort: names and texts ASC, times and levels DESC. */
  firstDirection?: 'ASC' | 'DESC';
  filter?: SetFilterDef;
}

export const columnTitle = (column: HeaderColumn) =>
  column.title ?? (typeof column.header === 'string' ? column.header : column.key);

/** What a press on a column's sort button asks for: its first direction, then the other way round. */
export function nextSort(current: PagedTableSort | undefined, column: HeaderColumn): PagedTableSort | null {
  if (!column.sortProperty) return null;
  if (current?.property === column.sortProperty)
    return { property: column.sortProperty, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' };
  return { property: column.sortProperty, direction: column.firstDirection ?? 'ASC' };
}

export function ariaSort(
  current: PagedTableSort | undefined,
  column: HeaderColumn,
): 'ascending' | 'descending' | 'none' | undefined {
  if (!column.sortProperty || !current) return undefined;
  if (current.property !== column.sortProperty) return 'none';
  return current.direction === 'ASC' ? 'ascending' : 'descending';
}

/** A header cell's content: the title as a sort button when the column sorts, and its set filter. */
export function HeaderCell({
  column,
  sort,
  onSortChange,
}: {
  column: HeaderColumn;
  sort: PagedTableSort | undefined;
  onSortChange: ((sort: PagedTableSort) => void) | undefined;
}) {
  const next = onSortChange ? nextSort(sort, column) : null;
  const state = ariaSort(sort, column);
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort;
  const title = columnTitle(column);
  return (
    <Group gap={4} wrap="nowrap">
      {next && onSortChange ? (
        <UnstyledButton
          onClick={() => onSortChange(next)}
          aria-label={`Sort by ${title}${state === 'ascending' || state === 'descending' ? `, now ${state}` : ''}`}
          style={{ fontWeight: 700, fontSize: 'inherit', whiteSpace: 'nowrap' }}
        >
          <Group gap={4} wrap="nowrap">
            {column.header}
            <Icon size={14} aria-hidden style={{ opacity: state === 'none' ? 0.45 : 1 }} />
          </Group>
        </UnstyledButton>
      ) : (
        column.header
      )}
      {column.filter && <SetFilterButton column={title} filter={column.filter} />}
    </Group>
  );
}

/**
 * Shows and hides columns; the choice is the caller's to keep (PagedTable keeps it per table in localStorage).
 * Real checkboxes in a popover, not menu items: Mantine's Menu.Item is always role menuitem, which may not carry
 * a checked state, so a screen reader could not tell a shown column from a hidden one.
 */
export function ColumnsMenu({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly HeaderColumn[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
}) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Button size="compact-sm" variant="subtle" leftSection={<IconColumns size={14} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap={6} role="group" aria-label="Shown columns">
          <Text size="xs" c="dimmed" fw={500}>
            Shown columns
          </Text>
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              size="xs"
              label={columnTitle(column)}
              checked={!hidden.has(column.key)}
              // The last shown column stays: a table of no columns says nothing.
              disabled={!hidden.has(column.key) && columns.length - hidden.size <= 1}
              onChange={() => {
                const next = new Set(hidden);
                if (next.has(column.key)) next.delete(column.key);
                else next.add(column.key);
                onChange(next);
              }}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * On a phone the headers are not drawn (rows are cards): the sort becomes one select, and each filter a button
 * named by its column.
 */
export function CardsToolbar({
  columns,
  sort,
  onSortChange,
}: {
  columns: readonly HeaderColumn[];
  sort: PagedTableSort | undefined;
  onSortChange: ((sort: PagedTableSort) => void) | undefined;
}) {
  const sortable = onSortChange ? columns.filter((column) => column.sortProperty) : [];
  const filters = columns.filter((column) => column.filter);
  if (sortable.length === 0 && filters.length === 0) return null;
  const options = sortable.flatMap((column) => {
    const title = columnTitle(column);
    return [
      { value: `${column.sortProperty}.ASC`, label: `${title} ↑` },
      { value: `${column.sortProperty}.DESC`, label: `${title} ↓` },
    ];
  });
  return (
    <Group gap="xs" mb="xs" wrap="wrap">
      {sortable.length > 0 && onSortChange && (
        <Select
          size="xs"
          w={180}
          aria-label="Sort by"
          placeholder="Sort by"
          data={options}
          value={sort ? `${sort.property}.${sort.direction}` : null}
          allowDeselect={false}
          onChange={(value) => {
            const at = value?.lastIndexOf('.') ?? -1;
            if (!value || at < 0) return;
            const direction = value.slice(at + 1) === 'ASC' ? 'ASC' : 'DESC';
            onSortChange({ property: value.slice(0, at), direction });
          }}
        />
      )}
      {filters.map((column) =>
        column.filter ? (
          <Group key={column.key} gap={2} wrap="nowrap">
            <Text size="sm">{columnTitle(column)}</Text>
            <SetFilterButton column={columnTitle(column)} filter={column.filter} />
          </Group>
        ) : null,
      )}
    </Group>
  );
}
