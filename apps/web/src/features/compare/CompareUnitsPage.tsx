import { useMemo, useState } from 'react';
import { Alert, Button, CopyButton, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { reportsOwnReadings } from '@kelvin/domain';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { notify } from '../../app/toasts/toasts.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { AssetPicker } from '../devices/AssetPicker.tsx';
import { CompareEmptyState } from './CompareEmptyState.tsx';
import { ComparedUnitBadges } from './ComparedUnitBadges.tsx';
import { Comparison } from './Comparison.tsx';
import {
  makeReference,
  MAX_COMPARE_UNITS,
  MIN_COMPARE_UNITS,
  toggleCompareUnit,
  updateCompareUnits,
  useCompareUnitsStore,
} from './compareUnitsStore.ts';
import { useComparedUnits } from './useComparedUnits.ts';
import { useCompareLinkSync } from './useCompareLinkSync.ts';

/**
 * deviceCompare (/user/compare): two to twelve units' last values side by side, measured against the first, and
 * the same metrics charted per unit on one time axis. Units come from the hierarchy, or from a link
 * (?assetIds=4,5&metricIds=7).
 */
export function CompareUnitsPage() {
  const state = useCompareUnitsStore();
  const linkUnitCount = useCompareLinkSync(state);
  const compared = useComparedUnits(state.assetIds);
  const { units, leftOut, assetsById } = compared;
  // While the units load, what was picked decides between the empty state and the comparison's placeholders.
  const picked = compared.loadingUnits ? state.assetIds.length : units.length;
  const timeZone = userTimeZone();
  const [linkNoteOpen, setLinkNoteOpen] = useState(true);
  const checked = useMemo(() => new Set(state.assetIds), [state.assetIds]);

  function handleToggle(assetId: number) {
    const asset = assetsById.get(assetId);
    if (asset && !reportsOwnReadings(asset.assetTypeId) && !state.assetIds.includes(assetId)) {
      notify({
        kind: 'danger',
        message: `${displayAssetName(asset)} has no readings of its own: pick units.`,
      });
      return;
    }
    const result = toggleCompareUnit(state.assetIds, assetId);
    if ('refused' in result) notify({ kind: 'danger', message: result.refused });
    else updateCompareUnits({ assetIds: result.assetIds });
  }
  const handleReference = (assetId: number) =>
    updateCompareUnits({ assetIds: makeReference(state.assetIds, assetId) });

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        {/* On a phone the tree scrolls in its own box, so that the comparison stays near the top. */}
        <Paper
          withBorder
          p="sm"
          component="nav"
          aria-label="Unit picker"
          mah={{ base: 340, md: 'none' }}
          style={{ overflowY: 'auto' }}
        >
          <AssetPicker
            selectedAssetId={state.assetIds[0]}
            onSelect={handleToggle}
            checkedAssetIds={checked}
            onToggle={handleToggle}
            hint={`Click a unit to add it or take it out (up to ${MAX_COMPARE_UNITS}); the first is the reference.`}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={2}>Compare units</Title>
              <Text size="sm" c="dimmed">
                Last values side by side, measured against the first unit, and their history on one time axis.
              </Text>
            </div>
            <CopyButton value={window.location.href}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  disabled={units.length < MIN_COMPARE_UNITS}
                  leftSection={copied ? <IconCheck size={16} /> : <IconLink size={16} />}
                  style={{ flex: 'none' }}
                >
                  {copied ? 'Link copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Group>
          {linkUnitCount !== null && linkNoteOpen && (
            <Alert
              color="yellow"
              title="Too many units in the link"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setLinkNoteOpen(false)}
            >
              The link named {linkUnitCount} units; at most {MAX_COMPARE_UNITS} are compared together, so the
              first {MAX_COMPARE_UNITS} are shown.
            </Alert>
          )}
          {leftOut.length > 0 && (
            <Alert color="yellow" title="Some units are left out">
              {leftOut.length === 1
                ? 'One of the picked assets is'
                : `${leftOut.length} of the picked assets are`}{' '}
              not a unit you can see (ids {leftOut.join(', ')}).{' '}
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => updateCompareUnits({ assetIds: units.map((unit) => unit.assetId) })}
              >
                Remove them
              </Button>
            </Alert>
          )}
          <ComparedUnitBadges
            units={units}
            loading={compared.loadingUnits && state.assetIds.length > 0}
            onRemove={handleToggle}
            onReference={handleReference}
            onClear={() => updateCompareUnits({ assetIds: [] })}
          />
          {compared.error ? (
            <QueryError label="the units and their metrics" error={compared.error} onRetry={compared.retry} />
          ) : picked < MIN_COMPARE_UNITS ? (
            <CompareEmptyState title={picked === 0 ? 'Pick the units to compare' : 'Pick one more unit'}>
              {picked === 0
                ? `Choose two to ${MAX_COMPARE_UNITS} units in the hierarchy. The first one you pick is the reference the others are measured against.`
                : `Choose at least one more unit in the hierarchy to compare with ${units[0]?.name ?? 'it'}.`}
            </CompareEmptyState>
          ) : (
            <Comparison
              units={units}
              metrics={compared.metrics}
              reported={compared.reported}
              loadingMetrics={compared.loadingMetrics || compared.loadingUnits}
              metricIds={state.metricIds}
              range={state.range}
              timeZone={timeZone}
            />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
