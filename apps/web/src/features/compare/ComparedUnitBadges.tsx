import { ActionIcon, Badge, Button, CloseButton, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconPinned } from '@tabler/icons-react';
import { UnitSwatch } from './CompareValuesTable.tsx';
import type { ComparedUnit } from './useComparedUnits.ts';

export interface ComparedUnitBadgesProps {
  units: readonly ComparedUnit[];
  /** The units' names are on their way: placeholders keep the row's height. */
  loading: boolean;
  onRemove: (assetId: number) => void;
  onReference: (assetId: number) => void;
  onClear: () => void;
}

/** The picked units in order, each in its chart colour: the first marked as the reference, each removable. */
export function ComparedUnitBadges({
  units,
  loading,
  onRemove,
  onReference,
  onClear,
}: ComparedUnitBadgesProps) {
  if (loading) {
    return (
      <Group gap={6} role="status" aria-label="Loading the units">
        <Skeleton h={26} w={120} radius="xl" />
        <Skeleton h={26} w={120} radius="xl" />
      </Group>
    );
  }
  if (units.length === 0) return null;
  return (
    <Group gap={6}>
      <Text size="sm" c="dimmed">
        {units.length} {units.length === 1 ? 'unit' : 'units'}:
      </Text>
      {/* The list holds its items only: the count and Clear sit beside it. */}
      <Group gap={6} aria-label="Compared units" role="list">
        {units.map((unit, index) => (
          <Badge
            key={unit.assetId}
            role="listitem"
            variant="light"
            color={index === 0 ? 'blue' : 'gray'}
            tt="none"
            size="lg"
            leftSection={<UnitSwatch unit={unit} />}
            rightSection={
              <Group gap={0} wrap="nowrap">
                {index > 0 && (
                  <Tooltip label="Use as reference" withinPortal>
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      color="gray"
                      aria-label={`Use ${unit.name} as reference`}
                      onClick={() => onReference(unit.assetId)}
                    >
                      <IconPinned size={12} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <CloseButton
                  size="xs"
                  aria-label={`Stop comparing ${unit.name}`}
                  onClick={() => onRemove(unit.assetId)}
                />
              </Group>
            }
          >
            {index === 0 ? `${unit.name} (reference)` : unit.name}
          </Badge>
        ))}
      </Group>
      <Button variant="subtle" size="compact-sm" color="gray" onClick={onClear}>
        Clear
      </Button>
    </Group>
  );
}
