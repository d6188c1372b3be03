import { Chip, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { problemLevels, type ProblemLevel } from '@kelvin/contract';
import { browserTimeZone } from '../../shared/formatting/dateTime.ts';
import { TimeRangePicker, resolveRange } from '../diagnose/TimeRangePicker.tsx';
import { LEVEL_PAINTS } from './problemPaint.tsx';
import { useProblemRules, type ProblemFilter, type ProblemState } from './problemsQueries.ts';

const STATES: readonly { value: ProblemState; label: string }[] = [
  { value: 'OPEN', label: 'Open' },
  { value: 'CLOSED', label: 'Closed' },
];
const isLevel = (value: string): value is ProblemLevel => problemLevels.some((level) => level === value);
const isState = (value: string): value is ProblemState => value === 'OPEN' || value === 'CLOSED';

/** Level, open or closed, rule, time range (the one time-range picker) and the fuzzy text of the problems grid. */
export function ProblemFilters({
  filter,
  onChange,
  idPrefix,
  now,
}: {
  /** Where a custom range starts from: the moment of the rows on screen. */
  now: number;
  filter: ProblemFilter;
  onChange: (filter: ProblemFilter) => void;
  /** Keeps the chip groups' labels unique when two grids are on one page. */
  idPrefix: string;
}) {
  const rules = useProblemRules();
  const timeZone = browserTimeZone();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Name, description, tag, asset"
        leftSection={<IconSearch size={16} />}
        value={filter.text}
        onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
        w={250}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${idPrefix}-level`}>
          Level
        </Text>
        <Chip.Group
          multiple
          value={[...filter.levels]}
          onChange={(values) => onChange({ ...filter, levels: values.filter(isLevel) })}
        >
          <Group gap={6} role="group" aria-labelledby={`${idPrefix}-level`}>
            {problemLevels.map((level) => (
              <Chip key={level} value={level} size="sm">
                {LEVEL_PAINTS[level].label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${idPrefix}-state`}>
          State
        </Text>
        <Chip.Group
          multiple
          value={[...filter.states]}
          onChange={(values) => onChange({ ...filter, states: values.filter(isState) })}
        >
          <Group gap={6} role="group" aria-labelledby={`${idPrefix}-state`}>
            {STATES.map((state) => (
              <Chip key={state.value} value={state.value} size="sm">
                {state.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <MultiSelect
        label="Rule"
        placeholder={
          filter.ruleIds.length === 0 ? (rules.isError ? 'Rules unavailable' : 'Any rule') : undefined
        }
        data={(rules.data ?? []).map((rule) => ({
          value: String(rule.problemRuleDefinitionId),
          label: rule.name,
        }))}
        value={filter.ruleIds.map(String)}
        onChange={(values) => onChange({ ...filter, ruleIds: values.map(Number) })}
        searchable
        clearable
        nothingFoundMessage="No rule of that name"
        w={240}
      />
      <TimeRangePicker
        value={filter.range}
        range={resolveRange(filter.range, now)}
        timeZone={timeZone}
        onChange={(range) => onChange({ ...filter, range })}
      />
    </Group>
  );
}
