import { useMemo, useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Asset } from '@kelvin/contract';
import { usePermissionScope } from '../../../shared/session/permissionScope.ts';
import { AssetFromRoute } from '../../assets/AssetFromRoute.tsx';
import { NewTicketDialog } from './NewTicketDialog.tsx';
import { defaultTicketListState, type TicketListState } from './ticketListState.ts';
import { TicketsTable } from './TicketsTable.tsx';
import { useTicketCompanies } from './useTicketCompanies.ts';
import { applyTicketListChange } from './useTicketListState.ts';
import { TICKETS_WRITE } from './ticketListText.ts';

/** The device asset pages' tickets tab: the asset's tickets in the tickets grid, and New ticket for the asset. */
export function AssetTicketsTab() {
  return <AssetFromRoute>{(asset) => <AssetTickets key={asset.assetId} asset={asset} />}</AssetFromRoute>;
}

export function AssetTickets({ asset }: { asset: Pick<Asset, 'assetId' | 'companyId'> }) {
  const [state, setState] = useState<TicketListState>(defaultTicketListState);
  const [creating, setCreating] = useState(false);
  const companies = useTicketCompanies();
  const writable = usePermissionScope().forCompany(TICKETS_WRITE, asset.companyId);
  const scope = useMemo(() => ({ assetIds: [asset.assetId] }), [asset.assetId]);
  const company = companies.filter((candidate) => candidate.companyId === asset.companyId);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          Tickets
        </Title>
        {writable && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New ticket
          </Button>
        )}
      </Group>
      <TicketsTable
        state={state}
        onChange={(change) => setState((current) => applyTicketListChange(current, change))}
        companies={[]}
        scope={scope}
        showCompany={false}
        label="Tickets of the asset"
        emptyHint={`No open or resolved tickets name this asset.${writable ? ' Use New ticket to open one.' : ''}`}
        columnsKey="assetTickets"
        minWidth={900}
      />
      <NewTicketDialog
        opened={creating}
        onClose={() => setCreating(false)}
        companies={
          company.length > 0 ? company : [{ companyId: asset.companyId, name: `Company ${asset.companyId}` }]
        }
        asset={asset}
      />
    </Stack>
  );
}
