import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBell, IconBellOff, IconCheck, IconRobot, IconX } from '@tabler/icons-react';
import { PagedTable } from '../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { AutomationDialog } from './AutomationDialog.tsx';
import { ProblemActionDialog } from './ProblemActionDialog.tsx';
import { ProblemAlertView, type ListedProblem } from './ProblemAlertView.tsx';
import { problemColumns } from './problemColumns.tsx';
import { DEFAULT_PROBLEM_RANGE } from './problemFilterCount.ts';
import { ProblemCard } from './ProblemCard.tsx';
import { ProblemFilters } from './ProblemFilters.tsx';
import { ProblemTicketActions } from './ProblemTicketActions.tsx';
import {
  PROBLEMS_PAGE_SIZE,
  useProblemList,
  type ProblemFilter,
  type ProblemSort,
  type ProblemVerb,
} from './problemsQueries.ts';

export const PROBLEMS_WRITE = 'detectedProblems:write';
const DEFAULT_SORT: ProblemSort = { property: 'lastEventAt', direction: 'DESC' };

export const defaultProblemFilter = (assetId?: number): ProblemFilter => ({
  assetId,
  levels: [],
  states: ['OPEN'],
  ruleIds: [],
  range: { kind: 'relative', label: DEFAULT_PROBLEM_RANGE },
  text: '',
});

/**
 * The problems of one asset, or of every asset the user sees: filtered, sorted and paged by the server, selectable
 * for acknowledge, mute and automation (with detectedProblems:write on every selected problem's company), each
 * opening its alert view.
 */
export function ProblemsPanel({ assetId }: { assetId?: number }) {
  const scope = usePermissionScope();
  const [filter, setFilter] = useState<ProblemFilter>(() => defaultProblemFilter(assetId));
  const [debouncedText] = useDebouncedValue(filter.text, 300);
  const [pageNumber, setPageNumber] = useState(0);
  const [sort, setSort] = useState<ProblemSort>(DEFAULT_SORT);
  const [selected, setSelected] = useState<ReadonlyMap<number, ListedProblem>>(new Map());
  const [verb, setVerb] = useState<ProblemVerb | null>(null);
  const [automating, setAutomating] = useState(false);
  const [opened, setOpened] = useState<ListedProblem | null>(null);
  const queryFilter = useMemo(() => ({ ...filter, text: debouncedText }), [filter, debouncedText]);
  const sorts = useMemo(() => [sort], [sort]);
  const problems = useProblemList(queryFilter, pageNumber, sorts);
  const rows = problems.data?.content;
  const [openedAt] = useState(() => Date.now());
  // 'How long ago' is said as of the answer on screen, so that it matches the rows.
  const now = problems.dataUpdatedAt || openedAt;
  const targets = [...selected.values()];
  // The drawer shows the row as the list now has it, so that an action taken in it shows there at once.
  const openedNow =
    opened === null
      ? null
      : (rows?.find((problem) => problem.detectedProblemId === opened.detectedProblemId) ?? opened);
  const canAct =
    targets.length > 0 && targets.every((problem) => scope.forCompany(PROBLEMS_WRITE, problem.companyId));
  const filtered =
    filter.levels.length > 0 ||
    filter.ruleIds.length > 0 ||
    debouncedText.trim() !== '' ||
    filter.states.length !== 1;

  function changeFilter(next: ProblemFilter) {
    setFilter(next);
    setPageNumber(0);
    setSelected(new Map());
  }
  function select(ids: readonly number[], on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) {
        const row = rows?.find((problem) => problem.detectedProblemId === id);
        if (on && row) next.set(id, row);
        else next.delete(id);
      }
      return next;
    });
  }
  const done = () => {
    setVerb(null);
    setAutomating(false);
    setSelected(new Map());
  };

  const columns = problemColumns({
    rows: rows ?? [],
    selected: new Set(selected.keys()),
    onSelect: select,
    showAsset: assetId === undefined,
    sort,
    onSort: (next) => {
      setSort(next);
      setPageNumber(0);
    },
    onOpen: setOpened,
    now,
  });

  return (
    <Stack gap="sm">
      <ProblemFilters
        now={now}
        filter={filter}
        onChange={changeFilter}
        idPrefix={assetId === undefined ? 'problems' : `problems-${assetId}`}
      />
      {targets.length > 0 && (
        <Paper withBorder p="xs" role="toolbar" aria-label="Selected problems">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={500} aria-live="polite">
              {targets.length === 1 ? '1 problem selected' : `${targets.length} problems selected`}
            </Text>
            {canAct ? (
              <>
                <Button
                  size="compact-sm"
                  leftSection={<IconCheck size={14} />}
                  onClick={() => setVerb('acknowledge')}
                >
                  Acknowledge
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => setVerb('unacknowledge')}>
                  Unacknowledge
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconBellOff size={14} />}
                  onClick={() => setVerb('mute')}
                >
                  Mute
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconBell size={14} />}
                  onClick={() => setVerb('unmute')}
                >
                  Unmute
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconRobot size={14} />}
                  onClick={() => setAutomating(true)}
                >
                  Automate…
                </Button>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                You may look at these problems but not change them.
              </Text>
            )}
            <ProblemTicketActions targets={targets} onDone={done} />
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconX size={14} />}
              onClick={() => setSelected(new Map())}
              ml="auto"
            >
              Clear selection
            </Button>
          </Group>
        </Paper>
      )}
      {problems.isError ? (
        <QueryError label="the problems" error={problems.error} onRetry={() => void problems.refetch()} />
      ) : (
        <PagedTable
          label="Detected problems"
          columns={columns}
          rows={rows}
          rowKey={(problem) => problem.detectedProblemId}
          totalSize={problems.data?.pageable.totalSize}
          pageSize={PROBLEMS_PAGE_SIZE}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          fetching={problems.isPlaceholderData}
          countLabel={(n) => (n === 1 ? '1 problem' : `${n} problems`)}
          minWidth={assetId === undefined ? 980 : 830}
          // A phone reads cards, not a grid wider than its screen.
          cardsBelow="47.99em"
          card={(problem) => (
            <ProblemCard
              problem={problem}
              selected={selected.has(problem.detectedProblemId)}
              onSelect={(on) => select([problem.detectedProblemId], on)}
              onOpen={() => setOpened(problem)}
              showAsset={assetId === undefined}
              now={now}
            />
          )}
          empty={
            filtered
              ? 'No problem matches the filters. Clear the search or choose other levels, states or rules.'
              : 'No open problem in this time range: everything watched is within its limits. Choose a longer range or Closed to see past problems.'
          }
        />
      )}
      <ProblemActionDialog verb={verb} targets={targets} onClose={() => setVerb(null)} onDone={done} />
      <AutomationDialog
        opened={automating}
        targets={targets}
        onClose={() => setAutomating(false)}
        onDone={done}
      />
      <ProblemAlertView problem={openedNow} onClose={() => setOpened(null)} />
    </Stack>
  );
}
