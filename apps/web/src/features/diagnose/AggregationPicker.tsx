import { ActionIcon, Popover, Select, Stack, Text } from '@mantine/core';
import { IconMathFunction } from '@tabler/icons-react';
import { AGGREGATIONS, isAggregation, type Aggregation, type DiagnoseGroup } from '@kelvin/domain';

export interface AggregationPickerProps {
  group: DiagnoseGroup;
  nameOf: (alias: string) => string;
  onChange: (alias: string, aggregation: Aggregation) => void;
}

/** The aggregation of each of a group's aliases (AVERAGE, MAX, MIN, COUNT, STDDEV, RAW). */
export function AggregationPicker({ group, nameOf, onChange }: AggregationPickerProps) {
  return (
    <Popover position="bottom-end" withinPortal shadow="md" width={300}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Aggregations of ${group.name}`}
          disabled={group.aliases.length === 0}
        >
          <IconMathFunction size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Aggregation per metric
          </Text>
          {group.aliases.map((alias) => (
            <Select
              key={alias}
              size="xs"
              label={nameOf(alias)}
              data={[...AGGREGATIONS]}
              value={group.aliasToAggregationFunction[alias] ?? 'AVERAGE'}
              allowDeselect={false}
              onChange={(value) => {
                if (isAggregation(value)) onChange(alias, value);
              }}
              comboboxProps={{ withinPortal: false }}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
