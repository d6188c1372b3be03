import { useState } from 'react';
import { Button, Chip, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarPlus, IconSearch } from '@tabler/icons-react';
import {
  maintenanceWindowStates,
  type Asset,
  type MaintenanceWindow,
  type MaintenanceWindowState,
} from '@kelvin/contract';
import { canHaveMaintenanceWindow, MAINTENANCE_STATE_LABELS } from '@kelvin/domain';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { PagedTable } from '../../shared/ui/PagedTable.tsx';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { CancelWindowForm } from './CancelWindowForm.tsx';
import { MaintenanceWindowForm, type MaintenanceAsset } from './MaintenanceWindowForm.tsx';
import { MAINTENANCE_PAGE_SIZE, useMaintenanceWindows } from './maintenanceQueries.ts';
import { maintenanceColumns } from './maintenanceColumns.tsx';

export const MAINTENANCE_WRITE = 'maintenanceWindows:write';

type Dialog =
  | { kind: 'create'; asset: MaintenanceAsset }
  | { kind: 'edit'; window: MaintenanceWindow }
  | { kind: 'cancel'; window: MaintenanceWindow }
  | null;

const dialogTitle = (dialog: Dialog) =>
  dialog?.kind === 'create'
    ? `Plan maintenance for ${dialog.asset.name}`
    : dialog?.kind === 'edit'
      ? 'Edit maintenance window'
      : dialog?.kind === 'cancel'
        ? 'Cancel maintenance window'
        : '';

const isState = (value: string): value is MaintenanceWindowState =>
  maintenanceWindowStates.some((state) => state === value);

/**
 * The maintenance windows of an asset (with those of the assets above it, which cover it, and below it), or of
 * every asset the user sees: filtered by state and text, server-paged, with plan, edit and cancel for those who
 * hold maintenanceWindows:write on the window's company.
 */
export function MaintenanceWindowsPanel({
  asset: chosen,
}: {
  /** The asset chosen; left out on the device maintenance page before one is picked. */
  asset?: Asset | undefined;
}) {
  const scope = usePermissionScope();
  const asset: MaintenanceAsset | undefined = chosen && {
    assetId: chosen.assetId,
    assetTypeId: chosen.assetTypeId,
    name: displayAssetName(chosen),
  };
  const [states, setStates] = useState<MaintenanceWindowState[]>([]);
  const [text, setText] = useState('');
  const [debouncedText] = useDebouncedValue(text, 300);
  const [pageNumber, setPageNumber] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const windows = useMaintenanceWindows({ assetId: asset?.assetId, states, text: debouncedText }, pageNumber);
  const canPlan =
    chosen !== undefined &&
    canHaveMaintenanceWindow(chosen.assetTypeId) &&
    scope.forCompany(MAINTENANCE_WRITE, chosen.companyId);
  const filtered = states.length > 0 || debouncedText.trim() !== '';
  const columns = maintenanceColumns({
    canWrite: (window) => scope.forCompany(MAINTENANCE_WRITE, window.companyId),
    onEdit: (window) => setDialog({ kind: 'edit', window }),
    onCancel: (window) => setDialog({ kind: 'cancel', window }),
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        {/* Top-aligned: the labels line up although chips are lower than the search box. */}
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Search"
            placeholder="Description, asset, reason"
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setPageNumber(0);
            }}
            w={{ base: '100%', xs: 260 }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="maintenance-state-filter">
              State
            </Text>
            <Chip.Group
              multiple
              value={states}
              onChange={(values) => {
                setStates(values.filter(isState));
                setPageNumber(0);
              }}
            >
              <Group gap={6} role="group" aria-labelledby="maintenance-state-filter">
                {maintenanceWindowStates.map((state) => (
                  <Chip key={state} value={state} size="sm">
                    {MAINTENANCE_STATE_LABELS[state]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        </Group>
        {canPlan && asset && (
          <Button
            leftSection={<IconCalendarPlus size={16} />}
            onClick={() => setDialog({ kind: 'create', asset })}
          >
            Plan maintenance
          </Button>
        )}
      </Group>
      {windows.isError ? (
        <QueryError
          label="the maintenance windows"
          error={windows.error}
          onRetry={() => void windows.refetch()}
        />
      ) : (
        <PagedTable
          label="Maintenance windows"
          columns={columns}
          rows={windows.data?.content}
          rowKey={(window) => window.assetMaintenanceWindowId}
          totalSize={windows.data?.pageable.totalSize}
          pageSize={MAINTENANCE_PAGE_SIZE}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          fetching={windows.isPlaceholderData}
          countLabel={(n) => (n === 1 ? '1 maintenance window' : `${n} maintenance windows`)}
          // Laid out by the columns' widths, so a squeezed table scrolls rather than cut the state badges.
          fixedLayout
          cardsBelow="48em"
          empty={
            filtered
              ? 'No maintenance window matches the filter.'
              : asset
                ? `No maintenance is planned for ${asset.name}.${canPlan ? ' Use Plan maintenance to add a window.' : ''}`
                : 'No maintenance is planned. Choose an asset in the hierarchy to plan some.'
          }
        />
      )}
      <Modal opened={dialog !== null} onClose={() => setDialog(null)} title={dialogTitle(dialog)} size="lg">
        {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
          <MaintenanceWindowForm target={dialog} onDone={() => setDialog(null)} />
        )}
        {dialog?.kind === 'cancel' && (
          <CancelWindowForm window={dialog.window} onDone={() => setDialog(null)} />
        )}
      </Modal>
    </Stack>
  );
}
