import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useNavigate } from 'react-router';
import type { Warranty } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { LinkTabs } from '../../shared/ui/LinkTabs.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { COVERAGE_STATE_COLORS, COVERAGE_STATE_LABELS } from './coverageLabels.ts';
import { CoverageMissing } from './CoverageMissing.tsx';
import { coveragePaths } from './coveragePaths.ts';
import {
  useDeleteWarranty,
  useSetWarrantyAssets,
  useUpdateWarranty,
  useWarranties,
} from './coverageQueries.ts';
import { CoveredAssetsEditor } from './CoveredAssetsEditor.tsx';
import { WarrantyForm } from './WarrantyForm.tsx';

const warrantyTabs = [
  { path: 'details', label: 'Details' },
  { path: 'assets', label: 'Assets' },
] as const;

function useRouteWarranty() {
  const warrantyId = useIdParam('warrantyId');
  const warranties = useWarranties({ warrantyIds: [warrantyId] });
  return {
    warrantyId,
    warranties,
    warranty: warranties.data?.find((item) => item.warrantyId === warrantyId),
  };
}

function RouteWarranty({ children }: { children: (warranty: Warranty, canWrite: boolean) => ReactNode }) {
  const companyId = useIdParam('companyId');
  const { warrantyId, warranties, warranty } = useRouteWarranty();
  const canWrite = usePermissionScope().forCompany('warranties:write', companyId);
  return (
    <QueryState query={warranties} label="the warranty">
      {() => (warranty ? children(warranty, canWrite) : <CoverageMissing what="Warranty" id={warrantyId} />)}
    </QueryState>
  );
}

/** adminCompanyWarranty: the warranty's title, state and its Details and Assets tabs; Delete for writers. */
export function WarrantyPage() {
  const companyId = useIdParam('companyId');
  const remove = useDeleteWarranty();
  const navigate = useNavigate();
  const confirmDelete = (warrantyId: number) =>
    void modals.danger({
      title: 'Delete warranty',
      message: `Delete warranty ${warrantyId}? Its assets are no longer covered by it; tickets already made keep their billing.`,
      okLabel: 'Delete',
      onOk: () =>
        remove.mutateAsync(warrantyId).then(() => {
          toastsFor(`Warranty ${warrantyId} deleted`).onSuccess();
          void navigate(coveragePaths.companyWarranties(companyId));
        }, failWithToast),
    });

  return (
    <Stack>
      <RouteWarranty>
        {(warranty, canWrite) => (
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={2}>Warranty: {warranty.warrantyId}</Title>
                <Badge variant="light" color={COVERAGE_STATE_COLORS[warranty.state]}>
                  {COVERAGE_STATE_LABELS[warranty.state]}
                </Badge>
                {warranty.isSample && <Badge variant="outline">Sample</Badge>}
              </Group>
              <Text c="dimmed">{warranty.label}</Text>
            </Stack>
            <Group gap="xs">
              <Anchor component={Link} to={coveragePaths.warrantiesViewer([warranty.warrantyId])} size="sm">
                Open in the viewer
              </Anchor>
              {canWrite && (
                <Button
                  variant="light"
                  color="red"
                  onClick={() => confirmDelete(warranty.warrantyId)}
                  loading={remove.isPending}
                >
                  Delete warranty
                </Button>
              )}
            </Group>
          </Group>
        )}
      </RouteWarranty>
      <LinkTabs tabs={warrantyTabs} label="Warranty sections" />
      <Outlet />
    </Stack>
  );
}

/** warrantyDetails: the warranty's fields, editable by those who may write the company's warranties. */
export function WarrantyDetailsTab() {
  const update = useUpdateWarranty();
  return (
    <RouteWarranty>
      {(warranty, canWrite) => (
        <WarrantyForm
          key={warranty.updatedAt}
          initial={warranty}
          disabled={!canWrite}
          submitLabel="Save warranty"
          onSubmit={(fields) =>
            update
              .mutateAsync({
                warrantyId: warranty.warrantyId,
                companyId: warranty.companyId,
                assetIds: warranty.assetIds,
                ...fields,
              })
              .then(() => toastsFor(`Warranty ${warranty.warrantyId} saved`).onSuccess(), failWithToast)
          }
        />
      )}
    </RouteWarranty>
  );
}

/** warrantyAssets: the assets the warranty covers, assigned with the shared asset picker. */
export function WarrantyAssetsTab() {
  const setAssets = useSetWarrantyAssets();
  return (
    <RouteWarranty>
      {(warranty, canWrite) => (
        <CoveredAssetsEditor
          companyId={warranty.companyId}
          what="warranty"
          assetIds={warranty.assetIds}
          canEdit={canWrite}
          saving={setAssets.isPending}
          onChange={(assetIds) =>
            setAssets.mutate({ warranty, assetIds }, toastsFor('Warranty assets saved'))
          }
        />
      )}
    </RouteWarranty>
  );
}
