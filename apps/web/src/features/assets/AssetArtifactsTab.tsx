import { Button, Select, Stack, Table, Title } from '@mantine/core';
import { format } from 'date-fns';
import { useSearchParams } from 'react-router';
import type { Asset } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { notify } from '../../app/toasts/toasts.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useAssetArtifacts, useDownloadArtifact, useSystemMetadata } from './artifactsQueries.ts';
import { useAssetChildren } from './assetsQueries.ts';
import { assetDisplayName } from '@kelvin/domain';
import { formatFileSize } from '../../shared/formatting/fileSize.ts';

/**
 * Spec: the artifacts tab takes the query selectedAssetId, so that the artifacts of a child (an agent's
 * uploads) can be shown and linked from the asset's page.
 */
export function AssetArtifactsTab({ asset }: { asset: Asset }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const children = useAssetChildren(asset.assetId);
  const requested = Number(searchParams.get('selectedAssetId'));
  const choices = [asset, ...(children.data ?? [])];
  const selected = choices.find((choice) => choice.assetId === requested) ?? asset;

  return (
    <Stack>
      {choices.length > 1 && (
        <Select
          label="Artifacts of"
          data={choices.map((choice) => ({ value: String(choice.assetId), label: assetDisplayName(choice) }))}
          value={String(selected.assetId)}
          allowDeselect={false}
          onChange={(value) => {
            if (value !== null) setSearchParams({ selectedAssetId: value }, { replace: true });
          }}
          maw={360}
        />
      )}
      <ArtifactList assetId={selected.assetId} />
      <Title order={3}>System metadata</Title>
      <SystemMetadata assetId={selected.assetId} />
    </Stack>
  );
}

function ArtifactList({ assetId }: { assetId: number }) {
  const artifacts = useAssetArtifacts(assetId);
  const download = useDownloadArtifact();
  return (
    <QueryState query={artifacts} label="the artifacts">
      {(list) =>
        list.length === 0 ? (
          <EmptyState>No artifacts have been uploaded for this asset.</EmptyState>
        ) : (
          <Table striped aria-label="Artifacts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th>Download</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((artifact) => (
                <Table.Tr key={artifact.assetArtifactIndexId}>
                  <Table.Td>{artifact.fileName}</Table.Td>
                  <Table.Td>{artifact.artifactType}</Table.Td>
                  <Table.Td>{formatFileSize(artifact.fileSizeInBytes)}</Table.Td>
                  <Table.Td>{format(new Date(artifact.createdAt), 'MM/dd/yyyy hh:mm:ss a')}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Download ${artifact.fileName}`}
                      loading={download.isPending && download.variables === artifact.assetArtifactIndexId}
                      onClick={() =>
                        download.mutate(artifact.assetArtifactIndexId, {
                          onError: (error) => notify({ kind: 'danger', message: errorMessage(error) }),
                        })
                      }
                    >
                      Download
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      }
    </QueryState>
  );
}

function SystemMetadata({ assetId }: { assetId: number }) {
  const metadata = useSystemMetadata(assetId);
  return (
    <QueryState query={metadata} label="the system metadata">
      {(pairs) =>
        pairs.length === 0 ? (
          <EmptyState>No system metadata has been reported.</EmptyState>
        ) : (
          <Table striped aria-label="System metadata">
            <Table.Tbody>
              {pairs.map((pair) => (
                <Table.Tr key={pair.name}>
                  <Table.Th>{pair.name}</Table.Th>
                  <Table.Td>{pair.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      }
    </QueryState>
  );
}
