import { Badge, Button, Drawer, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowsLeftRight, IconBinaryTree2 } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { useMemo, type ReactNode } from 'react';
import {
  assetDisplayName,
  hasPermission,
  MAX_DIAGNOSE_ASSETS,
  reportsOwnReadings,
  shortenAssetType,
  toggleSelectedAsset,
} from '@kelvin/domain';
import { presentAssetName } from '../../shared/preferences/names.ts';
import { notify } from '../../app/toasts/toasts.ts';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { LinkTabs } from '../../shared/ui/LinkTabs.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useOptionalIdParam } from '../../shared/routing/useIdParam.ts';
import { useAsset } from '../assets/assetsQueries.ts';
import { useRecordRecentUnit } from '../dashboard/recentUnitsStore.ts';
import { updateDiagnoseView, useDiagnoseStore } from '../diagnose/diagnoseStore.ts';
import { NotFoundMessage } from '../notFound/NotFoundPage.tsx';
import { AssetPicker } from './AssetPicker.tsx';

/**
 * Below Mantine's md breakpoint the picker would stack above the content and fill a phone's first screen with the
 * tree: there it waits in a drawer behind a button instead.
 */
export const PICKER_IN_DRAWER_QUERY = '(max-width: 61.99em)';

/** Device sections that show one asset; metrics and logs offer their own choice and work without one. */
const SECTIONS_NEEDING_ASSET = new Set(['devicesLiveView', 'devicesProblems', 'devicesAssets']);

/** The section after devices/{id}/ in the current address, e.g. 'assets/users', kept when another asset is picked. */
function currentSection(pathname: string): string {
  const match = /^\/user\/devices\/\d+\/(.+)$/.exec(pathname);
  return match?.[1] ?? '';
}

/** devices/{assetId?}: the asset picker beside the chosen asset's sections. */
export function DevicesLayout() {
  const assetId = useOptionalIdParam('assetId');
  // An id that is not a positive integer (0, 'abc') names no asset: say so rather than ask the server for it.
  const badId = useParams().assetId !== undefined && assetId === undefined;
  const sectionNeedsAsset = useMatches().some((match) => SECTIONS_NEEDING_ASSET.has(match.id));
  // For the dashboard's recently viewed units.
  useRecordRecentUnit(assetId);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const permissions = useCurrentUser().data?.permissions;
  const canReadLogs =
    permissions !== undefined && hasPermission(permissions, { permission: 'assets:logs:read' });
  const canReadProblems =
    permissions !== undefined && hasPermission(permissions, { permission: 'detectedProblems:read' });

  const section = currentSection(pathname);
  // On the metrics section several units can be charted together: the tree then checks them.
  const charting = section.startsWith('metrics') && assetId !== undefined;
  const selectedAssets = useDiagnoseStore((state) => state.view.selectedAssets);
  const checked = useMemo(() => new Set(selectedAssets), [selectedAssets]);
  // Read at once, not after mount: a phone must not draw the tree first and then hide it.
  const pickerInDrawer = useMediaQuery(PICKER_IN_DRAWER_QUERY, undefined, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);

  function handleSelect(id: number) {
    drawer.close();
    // Spec: selecting exactly one asset makes it the focused asset.
    if (charting) updateDiagnoseView((view) => ({ ...view, selectedAssets: [id] }));
    void navigate(section ? `/user/devices/${id}/${section}` : `/user/devices/${id}`);
  }
  function handleToggle(id: number) {
    if (assetId === undefined) return;
    const next = toggleSelectedAsset(selectedAssets, id, assetId);
    if (next.length === selectedAssets.length && !selectedAssets.includes(id)) {
      notify({ kind: 'danger', message: `At most ${MAX_DIAGNOSE_ASSETS} units are charted together.` });
      return;
    }
    updateDiagnoseView((view) => ({ ...view, selectedAssets: next }));
  }

  const sections = [
    { path: 'liveView', label: 'Live view' },
    { path: 'metrics', label: 'Metrics' },
    ...(canReadLogs ? [{ path: 'logs', label: 'Logs' }] : []),
    ...(canReadProblems ? [{ path: 'problems', label: 'Problems' }] : []),
    { path: 'assets', label: 'Assets' },
  ];

  // One picker, drawn beside the content or in the drawer: the same tree, search and checks either way.
  const picker = (
    <AssetPicker
      selectedAssetId={assetId}
      onSelect={handleSelect}
      {...(charting
        ? {
            checkedAssetIds: checked,
            onToggle: handleToggle,
            hint: 'Ctrl-click (⌘ on a Mac) or Space adds a unit to the charts.',
          }
        : {})}
    />
  );
  const pickerButton = pickerInDrawer ? (
    <Button
      variant="default"
      leftSection={<IconBinaryTree2 size={16} aria-hidden />}
      onClick={drawer.open}
      aria-haspopup="dialog"
      aria-expanded={drawerOpened}
      data-tour="asset-picker"
    >
      Choose asset
    </Button>
  ) : null;
  const content = (
    <Stack>
      {/* With an asset, its header holds the button beside Compare units; without, it stands alone. */}
      {pickerButton && (badId || assetId === undefined) && <Group>{pickerButton}</Group>}
      {badId ? (
        <NotFoundMessage detail="No asset has this id. Choose one in the hierarchy." />
      ) : assetId === undefined ? (
        <Text c="dimmed">Choose an asset in the hierarchy to see its sections.</Text>
      ) : (
        <>
          <SelectedAssetHeader assetId={assetId} pickerButton={pickerButton} />
          <LinkTabs tabs={sections} label="Device sections" key={`${assetId}${search}`} />
        </>
      )}
      {/* The live view, problems and assets show one unit: without a valid id they would ask for asset 0. */}
      {!badId && (assetId !== undefined || !sectionNeedsAsset) && <Outlet />}
    </Stack>
  );

  if (pickerInDrawer)
    return (
      <>
        {content}
        <Drawer opened={drawerOpened} onClose={drawer.close} title="Choose asset" size="md">
          <nav aria-label="Asset picker">{picker}</nav>
        </Drawer>
      </>
    );
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <Paper withBorder p="sm" component="nav" aria-label="Asset picker" data-tour="asset-picker">
          {picker}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>{content}</Grid.Col>
    </Grid>
  );
}

function SelectedAssetHeader({ assetId, pickerButton }: { assetId: number; pickerButton: ReactNode }) {
  const asset = useAsset(assetId);
  return (
    <QueryState query={asset} label="the asset">
      {(data) => {
        const compare = reportsOwnReadings(data.assetTypeId) && (
          <Button
            component={Link}
            to={`/user/compare?assetIds=${assetId}`}
            variant="default"
            size="xs"
            ml="auto"
            leftSection={<IconArrowsLeftRight size={14} />}
          >
            Compare units
          </Button>
        );
        const title = (
          <>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {presentAssetName(data, assetDisplayName(data))}
            </Title>
            <Badge variant="light">{shortenAssetType(data.type)}</Badge>
          </>
        );
        // On a phone the buttons share one row above the name, which then has the width to itself.
        if (pickerButton)
          return (
            <Stack gap="xs">
              <Group gap="sm">
                {pickerButton}
                {compare}
              </Group>
              <Group gap="sm">{title}</Group>
            </Stack>
          );
        return (
          <Group gap="sm">
            {title}
            {compare}
          </Group>
        );
      }}
    </QueryState>
  );
}
