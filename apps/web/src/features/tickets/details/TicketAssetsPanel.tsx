import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Ticket } from '@kelvin/contract';
import { formatDate } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { EmptyState, QueryState } from '../../../shared/ui/QueryState.tsx';
import { toastsFor } from '../../../shared/api/mutationToasts.ts';
import { useAssets } from '../../assets/assetsQueries.ts';
import { buildAssetTree, filterAssetTree, type AssetTreeNode } from '../../assets/assetTree.ts';
import { AssetTree } from '../../assets/AssetTree.tsx';
import { DetailsCard } from './DetailsCard.tsx';
import { useAddTicketAssets, useRemoveTicketAssets } from './ticketQueries.ts';
import { presentAssetName, presentCompanyName } from '../../../shared/preferences/names.ts';

/** Spec placeholder for a ticket without assets. */
export const NO_ASSETS = 'No Asset Information Available';

/** Up to this many top-level assets the picker opens every branch. */
const OPEN_TREE_UP_TO = 5;

/** Contract or warranty coverage reads green, missing coverage grey. */
const coverageColor = (label: string) => (label.startsWith('No ') ? 'gray' : 'teal');

type TicketAsset = Ticket['assets'][number];

/**
 * Which contracts and warranties cover an asset on the ticket's date, each linking to its viewer; the spec's
 * 'No Contract' / 'No Warranty' where none does.
 */
function AssetCoverageLinks({ asset }: { asset: TicketAsset }) {
  const { contracts, warranties } = asset.activeCoverage;
  if (contracts.length === 0 && warranties.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap">
      {contracts.length === 0 ? (
        <Text size="xs" c="dimmed">
          No Contract
        </Text>
      ) : (
        contracts.map((contract) => (
          <Anchor
            key={`c${contract.contractId}`}
            component={Link}
            to={`/user/contracts/${JSON.stringify([contract.contractId])}`}
            size="xs"
          >
            Contract: {contract.label}
            {contract.coversParts ? ' (parts included)' : ''}
          </Anchor>
        ))
      )}
      {warranties.length === 0 ? (
        <Text size="xs" c="dimmed">
          No Warranty
        </Text>
      ) : (
        warranties.map((warranty) => (
          <Anchor
            key={`w${warranty.warrantyId}`}
            component={Link}
            to={`/user/warranties/${JSON.stringify([warranty.warrantyId])}`}
            size="xs"
          >
            Warranty: {warranty.label}
          </Anchor>
        ))
      )}
    </Group>
  );
}

/**
 * The ticket's assets with what covers each on the ticket's date (its contracts and warranties, linking to their
 * viewers), each linking to its device page; add and remove when allowed.
 */
export function TicketAssetsPanel({ ticket, canEdit }: { ticket: Ticket; canEdit: boolean }) {
  const add = useAddTicketAssets(ticket.ticketId);
  const remove = useRemoveTicketAssets(ticket.ticketId);
  const [picking, setPicking] = useState(false);

  return (
    <DetailsCard
      title="Assets"
      tour="ticket-assets"
      button={
        canEdit && { label: 'Add asset', icon: <IconPlus size={14} />, onClick: () => setPicking(true) }
      }
    >
      {ticket.assets.length === 0 ? (
        <EmptyState>{NO_ASSETS}</EmptyState>
      ) : (
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            Coverage on the ticket&apos;s date, {formatDate(Date.parse(ticket.createdAt), userTimeZone())}.
          </Text>
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Ticket assets">
            {ticket.assets.map((asset) => (
              <Group key={asset.assetId} component="li" gap="xs" wrap="nowrap" justify="space-between">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/user/devices/${asset.assetId}`} size="sm" fw={500} truncate>
                    {presentAssetName(asset, asset.displayName)}
                  </Anchor>
                  {asset.assetTypeName !== null && (
                    <Text size="xs" c="dimmed" truncate>
                      {asset.assetTypeName}
                    </Text>
                  )}
                  <AssetCoverageLinks asset={asset} />
                </Stack>
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Badge variant="light" color={coverageColor(asset.activeCoverage.label)} size="sm">
                    {asset.activeCoverage.label}
                  </Badge>
                  {canEdit && (
                    <Tooltip label="Remove from the ticket">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${asset.displayName}`}
                        loading={remove.isPending && remove.variables[0] === asset.assetId}
                        onClick={() =>
                          remove.mutate(
                            [asset.assetId],
                            toastsFor(`${asset.displayName} removed from the ticket`),
                          )
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
      {picking && (
        <TicketAssetPickerDialog
          ticket={ticket}
          adding={add.isPending}
          onClose={() => setPicking(false)}
          onPick={(assetId, name) =>
            add.mutate(
              [assetId],
              toastsFor(`${name} added to the ticket`, () => setPicking(false)),
            )
          }
        />
      )}
    </DetailsCard>
  );
}

/** The asset tree of the ticket's company: choosing an asset adds it (assets already on the ticket are marked). */
function TicketAssetPickerDialog({
  ticket,
  adding,
  onClose,
  onPick,
}: {
  ticket: Ticket;
  adding: boolean;
  onClose: () => void;
  onPick: (assetId: number, name: string) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const assets = useAssets({ companyIds: [ticket.companyId] });
  const [search, setSearch] = useState('');
  const onTicket = useMemo(() => new Set(ticket.assets.map((asset) => asset.assetId)), [ticket.assets]);
  const tree = useMemo(
    // Provider staff see many companies' assets: the ticket takes only its own company's.
    () => buildAssetTree((assets.data ?? []).filter((asset) => asset.companyId === ticket.companyId)),
    [assets.data, ticket.companyId],
  );
  const shown = useMemo(() => filterAssetTree(tree, search), [tree, search]);
  const searching = search.trim() !== '';

  function handleSelect(node: AssetTreeNode) {
    if (!node.asset || adding) return;
    if (onTicket.has(node.asset.assetId)) return;
    onPick(node.asset.assetId, node.label);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Add an asset to ticket #${ticket.ticketId}`}
      fullScreen={phone}
      size="lg"
    >
      <Stack gap="xs">
        <TextInput
          label="Find an asset"
          placeholder="Name or type"
          description="Choose an asset of the ticket's company (Enter or a click adds it)."
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <QueryState query={assets} label="the assets">
          {() =>
            tree.length === 0 ? (
              <EmptyState>
                {presentCompanyName(ticket.companyId, ticket.companyName)} has no assets yet.
              </EmptyState>
            ) : shown.length === 0 ? (
              <EmptyState>No asset matches the search.</EmptyState>
            ) : (
              <AssetTree
                key={searching ? search : ''}
                nodes={shown}
                label={`Assets of ${ticket.companyName}`}
                // A company's hierarchy is small enough to open whole: its units are then one glance away.
                initiallyExpandAll={searching || tree.length <= OPEN_TREE_UP_TO}
                onSelect={handleSelect}
                checkedAssetIds={onTicket}
              />
            )
          }
        </QueryState>
        {adding && (
          <Text size="sm" c="dimmed" role="status">
            Adding the asset…
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
