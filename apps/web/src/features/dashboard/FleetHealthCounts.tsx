import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import classes from './DashboardGrid.module.css';
import {
  ASSET_HEALTH_ATTENTION_ORDER,
  ASSET_HEALTH_COLOURS,
  ASSET_HEALTH_LABELS,
  type AssetHealthState,
} from '@kelvin/domain';

export interface FleetHealthCountsProps {
  counts: ReadonlyMap<AssetHealthState, number> | undefined;
  selected: AssetHealthState | null;
  /** Choosing the selected state again clears the choice. */
  onSelect: (state: AssetHealthState | null) => void;
}

/** The fleet by health, worst first: each count a toggle that narrows the list below to its units. */
export function FleetHealthCounts({ counts, selected, onSelect }: FleetHealthCountsProps) {
  return (
    <div className={classes.counts} role="group" aria-label="Units by health">
      {ASSET_HEALTH_ATTENTION_ORDER.map((state) => {
        const pressed = selected === state;
        const count = counts?.get(state);
        return (
          <UnstyledButton
            key={state}
            aria-pressed={pressed}
            aria-label={`${ASSET_HEALTH_LABELS[state]}: ${count ?? 'loading'}`}
            onClick={() => onSelect(pressed ? null : state)}
          >
            <Paper
              withBorder
              p="sm"
              style={{
                borderLeft: `6px solid ${ASSET_HEALTH_COLOURS[state]}`,
                outline: pressed ? `2px solid ${ASSET_HEALTH_COLOURS[state]}` : undefined,
              }}
            >
              <Group gap={6} wrap="nowrap">
                <Box
                  aria-hidden
                  w={10}
                  h={10}
                  style={{ borderRadius: 2, background: ASSET_HEALTH_COLOURS[state] }}
                />
                <Text size="sm" truncate>
                  {ASSET_HEALTH_LABELS[state]}
                </Text>
              </Group>
              {/* A space between the blocks: the visible text reads 'Critical 0', as the name does. */}{' '}
              <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {count ?? '–'}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </div>
  );
}
