import { useState } from 'react';
import { Group, MultiSelect, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilter, IconSearch, IconStack2 } from '@tabler/icons-react';
import { LOG_SEARCH_MAX_CHARS, logLevels, type LogLevel } from '@kelvin/contract';
import { hasPermission } from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { TimeRangePicker, resolveRange, type RangeChoice } from '../diagnose/TimeRangePicker.tsx';
import { useLogSources } from './deviceLogsQueries.ts';
import { updateLogsFilter, withRange } from './deviceLogsStore.ts';
import { LevelBadge } from './LogList.tsx';
import { LogsViewsMenu } from './LogsViewsMenu.tsx';
import type { LogsFilter } from './logsView.ts';

/** The server is asked once typing pauses, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

const isLevel = (value: string): value is LogLevel => logLevels.some((level) => level === value);

/** The logs tab's filters: saved views, time range, levels, sources and text. */
export function LogsFilters({
  assetId,
  filter,
  timeZone,
}: {
  assetId: number;
  filter: LogsFilter;
  timeZone: string;
}) {
  const me = useCurrentUser().data;
  const sources = useLogSources(assetId, filter.range);
  const choice: RangeChoice =
    filter.rangeDisplay === 'Custom'
      ? { kind: 'absolute', ...filter.range }
      : { kind: 'relative', label: filter.rangeDisplay };
  const counts = new Map((sources.data?.sources ?? []).map((entry) => [entry.source, entry.count]));
  // Chosen sources stay offered while the range has none of them.
  const sourceOptions = [...new Set([...counts.keys(), ...filter.sources])].sort();

  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      {me && (
        <LogsViewsMenu
          user={me.user}
          canSetGlobal={hasPermission(me.permissions, { permission: 'sharedViews:setGlobal' })}
          assetId={assetId}
        />
      )}
      <TimeRangePicker
        value={choice}
        range={filter.range}
        timeZone={timeZone}
        onChange={(next) =>
          updateLogsFilter((current) =>
            withRange(
              current,
              next.kind === 'relative' ? next.label : 'Custom',
              resolveRange(next, Date.now()),
            ),
          )
        }
      />
      <MultiSelect
        label="Levels"
        placeholder={filter.levels.length === 0 ? 'All levels' : undefined}
        leftSection={<IconStack2 size={16} />}
        data={[...logLevels]}
        value={filter.levels}
        onChange={(levels) => updateLogsFilter((current) => ({ ...current, levels: levels.filter(isLevel) }))}
        renderOption={({ option }) =>
          isLevel(option.value) ? <LevelBadge level={option.value} /> : option.label
        }
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <MultiSelect
        label="Sources"
        placeholder={filter.sources.length === 0 ? 'All sources' : undefined}
        leftSection={<IconFilter size={16} />}
        data={sourceOptions}
        value={filter.sources}
        onChange={(chosen) => updateLogsFilter((current) => ({ ...current, sources: chosen }))}
        renderOption={({ option }) => (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
            <Text size="sm" ff="monospace">
              {option.label}
            </Text>
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {counts.get(option.value)?.toLocaleString() ?? '0'}
            </Text>
          </Group>
        )}
        nothingFoundMessage={sources.isError ? 'Unable to load the sources' : 'No source matches'}
        searchable
        clearable
        w={{ base: '100%', xs: 240 }}
      />
      <SearchInput value={filter.search} />
    </Group>
  );
}

/** The text filter: typed freely, sent once typing pauses; a view opened or filters cleared replace it. */
function SearchInput({ value }: { value: string }) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  const commit = useDebouncedCallback((next: string) => {
    setCommitted(next);
    updateLogsFilter((current) => ({ ...current, search: next }));
  }, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      label="Search"
      placeholder="Text in the message or source"
      leftSection={<IconSearch size={16} />}
      value={text}
      maxLength={LOG_SEARCH_MAX_CHARS}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
