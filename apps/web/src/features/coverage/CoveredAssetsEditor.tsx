import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { assetDisplayName } from '@kelvin/domain';
import { useAssets } from '../assets/assetsQueries.ts';
import { buildAssetTree, filterAssetTree, type AssetTreeNode } from '../assets/assetTree.ts';
import { AssetTree } from '../assets/AssetTree.tsx';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';

/**
 * The assets a contract or warranty covers: a table of them linking to their device pages, and for writers the
 * shared asset tree of the company to add one (a click or Enter) and a button to remove each.
 */
export function CoveredAssetsEditor({
  companyId,
  what,
  assetIds,
  canEdit,
  saving,
  onChange,
}: {
  companyId: number;
  /** 'contract' or 'warranty', for the texts. */
  what: string;
  assetIds: readonly number[];
  canEdit: boolean;
  saving: boolean;
  onChange: (assetIds: number[]) => void;
}) {
  const assets = useAssets({ companyIds: [companyId] });
  const [picking, setPicking] = useState(false);
  const byId = useMemo(
    () => new Map((assets.data ?? []).map((asset) => [asset.assetId, asset])),
    [assets.data],
  );
  const nameOf = (assetId: number) => {
    const asset = byId.get(assetId);
    return asset ? assetDisplayName(asset) : `Asset ${assetId}`;
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Covered assets</Title>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)}>
            Add asset
          </Button>
        )}
      </Group>
      <QueryState query={assets} label="the company's assets">
        {() =>
          assetIds.length === 0 ? (
            <EmptyState>
              This {what} covers no assets yet.{canEdit ? ' Add the units it covers with Add asset.' : ''}
            </EmptyState>
          ) : (
            <Table striped aria-label={`Assets the ${what} covers`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Asset</Table.Th>
                  <Table.Th>Type</Table.Th>
                  {canEdit && <Table.Th w={60}>Remove</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {assetIds.map((assetId) => (
                  <Table.Tr key={assetId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/user/devices/${assetId}`}>
                        {nameOf(assetId)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{byId.get(assetId)?.type ?? ''}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Tooltip label={`Remove from the ${what}`}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${nameOf(assetId)}`}
                            disabled={saving}
                            onClick={() => onChange(assetIds.filter((id) => id !== assetId))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      {picking && (
        <AssetPickerDialog
          what={what}
          nodes={buildAssetTree((assets.data ?? []).filter((asset) => asset.companyId === companyId))}
          chosen={new Set(assetIds)}
          saving={saving}
          onClose={() => setPicking(false)}
          onPick={(assetId) => {
            onChange([...assetIds, assetId]);
            setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}

function AssetPickerDialog({
  what,
  nodes,
  chosen,
  saving,
  onClose,
  onPick,
}: {
  what: string;
  nodes: AssetTreeNode[];
  chosen: ReadonlySet<number>;
  saving: boolean;
  onClose: () => void;
  onPick: (assetId: number) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterAssetTree(nodes, search), [nodes, search]);
  return (
    <Modal opened onClose={onClose} title={`Add an asset to the ${what}`} fullScreen={phone} size="lg">
      <Stack gap="xs">
        <TextInput
          label="Find an asset"
          placeholder="Name or type"
          description={`Choose an asset of the ${what}'s company (Enter or a click adds it).`}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {nodes.length === 0 ? (
          <EmptyState>The company has no assets yet.</EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState>No asset matches the search.</EmptyState>
        ) : (
          <AssetTree
            key={search}
            nodes={shown}
            label="Company assets"
            initiallyExpandAll
            checkedAssetIds={chosen}
            onSelect={(node) => {
              if (node.asset && !chosen.has(node.asset.assetId) && !saving) onPick(node.asset.assetId);
            }}
          />
        )}
        {saving && (
          <Text size="sm" c="dimmed" role="status">
            Saving…
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
