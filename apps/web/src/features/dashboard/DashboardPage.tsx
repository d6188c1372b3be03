import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ASSET_HEALTH_LABELS, passesChecks, type AssetHealthState } from '@kelvin/domain';
import { sectionChecks } from '../../app/router/sectionChecks.ts';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { fleetGroups, fleetTree, groupedUnitIds } from '../overview/fleetGroups.ts';
import {
  FLEET_REFRESH_MS,
  useFleetAssets,
  fleetHealthQuery,
  useCompanyNames,
} from '../overview/fleetQueries.ts';
import { attentionRows, healthCounts } from './attention.ts';
import { AttentionList } from './AttentionList.tsx';
import { DashboardTour } from './DashboardTour.tsx';
import { FleetHealthCounts } from './FleetHealthCounts.tsx';
import { RecentUnits } from './RecentUnits.tsx';
import { SharedViewsList } from './SharedViewsList.tsx';
import classes from './DashboardGrid.module.css';

function Section({ title, tour, children }: { title: string; tour: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} data-tour={tour}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The landing area: what needs attention first (units not healthy, units that stopped sending, with when they
 * were last heard from), the fleet by health (a count narrows the list), the units opened lately and the shared
 * views the user may use. Users who may not see devices get the parts that are theirs.
 */
export function DashboardPage() {
  const { data } = useCurrentUser();
  const canSeeFleet = data !== undefined && passesChecks(data.permissions, sectionChecks.overview);
  // The overview's slim answers (assets.fleet, assets.fleet.state), asked side by side: the landing screen skips the
  // full assets list (1.9 MB on a large fleet) and the health request that waited for it. Only for those who may
  // see the fleet: the others would be refused.
  const assets = useFleetAssets(canSeeFleet);
  const states = useQuery({
    ...fleetHealthQuery,
    enabled: canSeeFleet,
    refetchInterval: FLEET_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const companyNames = useCompanyNames();
  const groups = useMemo(
    () => (assets.data ? fleetGroups(fleetTree(assets.data, companyNames)) : []),
    [assets.data, companyNames],
  );
  const unitIds = useMemo(() => groupedUnitIds(groups), [groups]);
  const [only, setOnly] = useState<AssetHealthState | null>(null);
  const rows = useMemo(
    () => (states.data ? attentionRows(groups, states.data, only) : []),
    [groups, states.data, only],
  );
  const counts = useMemo(() => (states.data ? healthCounts(states.data) : undefined), [states.data]);
  const byId = useMemo(
    () => (assets.data ? new Map(assets.data.map((asset) => [asset.assetId, asset])) : undefined),
    [assets.data],
  );
  if (!data) return null;
  const timeZone = userTimeZone();

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1}>Welcome, {data.user.name}</Title>
          <Text c="dimmed">{data.subscription.companyName}</Text>
        </Stack>
        <Group gap="xs">
          <DashboardTour />
          {canSeeFleet && (
            <Button component={Link} to="/user/overview" leftSection={<IconLayoutGrid size={16} />}>
              Open overview
            </Button>
          )}
        </Group>
      </Group>
      {canSeeFleet && (
        <>
          <div data-tour="fleet-health">
            <FleetHealthCounts counts={counts} selected={only} onSelect={setOnly} />
          </div>
          <Section
            title={only === null ? 'Needs attention' : `Units: ${ASSET_HEALTH_LABELS[only]}`}
            tour="attention"
          >
            {assets.isError || states.isError ? (
              <QueryError
                label="the fleet’s state"
                error={assets.error ?? states.error}
                onRetry={() => void (assets.isError ? assets.refetch() : states.refetch())}
              />
            ) : assets.isPending || states.isPending ? (
              <Text c="dimmed" role="status">
                Loading the fleet’s state…
              </Text>
            ) : unitIds.length === 0 ? (
              <Text c="dimmed">You have no units yet.</Text>
            ) : (
              <Stack gap="xs">
                <AttentionList rows={rows} only={only} asOf={states.dataUpdatedAt} timeZone={timeZone} />
                <Text size="xs" c="dimmed">
                  State as of {formatDateTime(states.dataUpdatedAt, timeZone)}, checked every 30 seconds.
                </Text>
              </Stack>
            )}
          </Section>
        </>
      )}
      <div className={classes.pair}>
        <Section title="Recently viewed" tour="recent-units">
          {canSeeFleet ? (
            <RecentUnits assets={byId} />
          ) : (
            <Text c="dimmed">Units appear here once you may see devices.</Text>
          )}
        </Section>
        <Section title="Shared views" tour="shared-views">
          <SharedViewsList />
        </Section>
      </div>
    </Stack>
  );
}
