import { Button, Checkbox, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { formatAgo } from '../../shared/formatting/elapsed.ts';
import type { PagedTableColumn } from '../../shared/ui/PagedTable.tsx';
import type { ListedProblem } from './ProblemAlertView.tsx';
import { ProblemLevelBadge, ProblemStatus } from './problemPaint.tsx';
import type { ProblemSort } from './problemsQueries.ts';

export type SortProperty = 'level' | 'name' | 'assetName' | 'lastEventAt';

/** A column header that sorts the server's pages by its property; a second press turns the order round. */
function SortHeader({
  label,
  property,
  sort,
  onSort,
}: {
  label: string;
  property: SortProperty;
  sort: ProblemSort;
  onSort: (sort: ProblemSort) => void;
}) {
  const active = sort.property === property;
  const Icon = !active ? IconArrowsSort : sort.direction === 'ASC' ? IconArrowUp : IconArrowDown;
  const next: ProblemSort = {
    property,
    direction:
      active && sort.direction === 'DESC'
        ? 'ASC'
        : active
          ? 'DESC'
          : property === 'name' || property === 'assetName'
            ? 'ASC'
            : 'DESC',
  };
  return (
    <UnstyledButton
      onClick={() => onSort(next)}
      aria-label={`Sort by ${label.toLowerCase()}${active ? `, now ${sort.direction === 'ASC' ? 'ascending' : 'descending'}` : ''}`}
      style={{ fontWeight: 700, fontSize: 'inherit' }}
    >
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

const sortedBy = (sort: ProblemSort, property: SortProperty) =>
  sort.property !== property ? 'none' : sort.direction === 'ASC' ? 'ascending' : 'descending';

export interface ProblemColumnsOptions {
  rows: readonly ListedProblem[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], on: boolean) => void;
  /** Left out when every row is of one asset (a device's own problems). */
  showAsset: boolean;
  sort: ProblemSort;
  onSort: (sort: ProblemSort) => void;
  onOpen: (problem: ListedProblem) => void;
  now: number;
}

/** The grid's columns: selection, level, what, where, status, when, and the alert view. */
export function problemColumns(options: ProblemColumnsOptions): PagedTableColumn<ListedProblem>[] {
  const { rows, selected, onSelect, sort, onSort } = options;
  const timeZone = userTimeZone();
  const pageIds = rows.map((row) => row.detectedProblemId);
  const chosen = pageIds.filter((id) => selected.has(id)).length;
  const columns: (PagedTableColumn<ListedProblem> | null)[] = [
    {
      key: 'select',
      width: 40,
      header: (
        <Checkbox
          aria-label="Select every problem on this page"
          checked={pageIds.length > 0 && chosen === pageIds.length}
          indeterminate={chosen > 0 && chosen < pageIds.length}
          onChange={(event) => onSelect(pageIds, event.currentTarget.checked)}
        />
      ),
      cell: (problem) => (
        <Checkbox
          aria-label={`Select ${problem.name} on ${problem.assetName}`}
          checked={selected.has(problem.detectedProblemId)}
          onChange={(event) => onSelect([problem.detectedProblemId], event.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'level',
      width: 100,
      sorted: sortedBy(sort, 'level'),
      header: <SortHeader label="Level" property="level" sort={sort} onSort={onSort} />,
      cell: (problem) => <ProblemLevelBadge level={problem.level} />,
    },
    {
      key: 'name',
      sorted: sortedBy(sort, 'name'),
      header: <SortHeader label="Problem" property="name" sort={sort} onSort={onSort} />,
      cell: (problem) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {problem.name}
          </Text>
          {(problem.description || problem.tags.length > 0) && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {[problem.description, problem.tags.map((tag) => `#${tag}`).join(' ')]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      ),
    },
    options.showAsset
      ? {
          key: 'asset',
          width: 150,
          sorted: sortedBy(sort, 'assetName'),
          header: <SortHeader label="Asset" property="assetName" sort={sort} onSort={onSort} />,
          cell: (problem) => (
            <Text size="sm" component={Link} to={`/user/devices/${problem.assetId}/problems`} td="underline">
              {problem.assetName}
            </Text>
          ),
        }
      : null,
    {
      key: 'status',
      width: 200,
      header: 'Status',
      cell: (problem) => <ProblemStatus problem={problem} />,
    },
    {
      key: 'lastEventAt',
      width: 170,
      sorted: sortedBy(sort, 'lastEventAt'),
      header: <SortHeader label="Last event" property="lastEventAt" sort={sort} onSort={onSort} />,
      cell: (problem) => {
        const at = Date.parse(problem.lastEventAt);
        return (
          <Stack gap={0}>
            <Text size="sm">{formatAgo(at, options.now)}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(at, timeZone)}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'open',
      width: 90,
      header: <VisuallyHidden>Details</VisuallyHidden>,
      cell: (problem) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => options.onOpen(problem)}
          aria-label={`Details of ${problem.name} on ${problem.assetName}`}
        >
          Details
        </Button>
      ),
    },
  ];
  return columns.filter((column): column is PagedTableColumn<ListedProblem> => column !== null);
}
