import { Group, Text } from '@mantine/core';
import { scheduleTypes } from '@kelvin/contract';
import { SCHEDULE_TYPE_STYLES, scheduleSwatchClassName } from './scheduleTypeStyle.ts';

/** What the colours and the dashed edge mean. */
export function ScheduleLegend() {
  return (
    <Group gap="md" wrap="wrap" aria-label="Legend" role="group">
      {scheduleTypes.map((type) => (
        <Group key={type} gap={6} wrap="nowrap">
          <span className={scheduleSwatchClassName(type)} aria-hidden />
          <Text size="xs">{SCHEDULE_TYPE_STYLES[type].label}</Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        <span className={scheduleSwatchClassName('other', false)} aria-hidden />
        <Text size="xs">Unconfirmed</Text>
      </Group>
    </Group>
  );
}
