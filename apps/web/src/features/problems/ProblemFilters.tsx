import { Badge, Button, Chip, Drawer, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { problemLevels, type ProblemLevel } from '@kelvin/contract';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { TimeRangePicker, resolveRange } from '../diagnose/TimeRangePicker.tsx';
import { LEVEL_PAINTS } from './problemPaint.tsx';
import { activeFilterCount } from './problemFilterCount.ts';
import { useProblemRules, type ProblemFilter, type ProblemState } from './problemsQueries.ts';

const STATES: readonly { value: ProblemState; label: string }[] = [
  { value: 'OPEN', label: 'Open' },
  { value: 'CLOSED', label: 'Closed' },
];
const isLevel = (value: string): value is ProblemLevel => problemLevels.some((level) => level === value);
const isState = (value: string): value is ProblemState => value === 'OPEN' || value === 'CLOSED';

interface ProblemFiltersProps {
  /** Where a custom range starts from: the moment of the rows on screen. */
  now: number;
  filter: ProblemFilter;
  onChange: (filter: ProblemFilter) => void;
  /** Keeps the chip groups' labels unique when two grids are on one page. */
  idPrefix: string;
}

/** Below this width (a phone) the filters wait in a drawer, so that the first rows are on the first screen. */
const PHONE = '(max-width: 47.99em)';

/**
 * Level, open or closed, rule, time range (the one time-range picker) and the fuzzy text of the problems grid. On a
 * phone only the search stays in line: the rest opens from a 'Filters' button that counts the filters set.
 */
export function ProblemFilters(props: ProblemFiltersProps) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [opened, { open, close }] = useDisclosure(false);
  const { filter, onChange } = props;
  const search = (
    <TextInput
      label="Search"
      placeholder="Name, description, tag, asset"
      leftSection={<IconSearch size={16} />}
      value={filter.text}
      onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
      w={phone ? undefined : 250}
      style={phone ? { flex: 1, minWidth: 0 } : undefined}
    />
  );
  if (!phone) {
    return (
      <Group align="flex-end" gap="sm" wrap="wrap">
        {search}
        <FilterFields {...props} />
      </Group>
    );
  }
  const count = activeFilterCount(filter);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {search}
      <Button
        variant="default"
        leftSection={<IconFilter size={16} />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle aria-hidden>
              {count}
            </Badge>
          ) : undefined
        }
        onClick={open}
        aria-label={count === 0 ? 'Filters' : `Filters, ${count} set`}
        style={{ flexShrink: 0 }}
      >
        Filters
      </Button>
      <Drawer opened={opened} onClose={close} position="bottom" size="auto" title="Filters">
        <Stack gap="md" pb="md">
          <FilterFields {...props} />
          <Button onClick={close}>Show problems</Button>
        </Stack>
      </Drawer>
    </Group>
  );
}

/** Level, state, rule and time range: in line on a wide screen, stacked in the phone's drawer. */
function FilterFields({ filter, onChange, idPrefix, now }: ProblemFiltersProps) {
  const rules = useProblemRules();
  const timeZone = userTimeZone();
  return (
    <>
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
        w={{ base: '100%', sm: 240 }}
        comboboxProps={{ withinPortal: true }}
      />
      <TimeRangePicker
        value={filter.range}
        range={resolveRange(filter.range, now)}
        timeZone={timeZone}
        onChange={(range) => onChange({ ...filter, range })}
      />
    </>
  );
}
