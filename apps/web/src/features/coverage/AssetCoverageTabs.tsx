import { Anchor, Badge, Stack, Table, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Asset } from '@kelvin/contract';
import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { COVERAGE_STATE_COLORS, COVERAGE_STATE_LABELS, formatCalendarDate, yesNo } from './coverageLabels.ts';
import { coveragePaths } from './coveragePaths.ts';
import { useContracts, useWarranties } from './coverageQueries.ts';

const StateBadge = ({ state }: { state: keyof typeof COVERAGE_STATE_LABELS }) => (
  <Badge variant="light" color={COVERAGE_STATE_COLORS[state]}>
    {COVERAGE_STATE_LABELS[state]}
  </Badge>
);

function AssetContracts({ asset }: { asset: Asset }) {
  const contracts = useContracts({ assetIds: [asset.assetId] });
  return (
    <Stack>
      <Title order={3}>Contracts</Title>
      <QueryState query={contracts} label="the asset's contracts">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>
              No service contract covers this asset, now or before. The provider adds it to a contract from
              the company&apos;s Contracts.
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label="Contracts covering the asset">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Contract</Table.Th>
                    <Table.Th>Label</Table.Th>
                    <Table.Th>Start Date</Table.Th>
                    <Table.Th>End Date</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Covers parts</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((contract) => (
                    <Table.Tr key={contract.contractId}>
                      <Table.Td>
                        <Anchor component={Link} to={coveragePaths.contractsViewer([contract.contractId])}>
                          Contract {contract.contractId}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{contract.label}</Table.Td>
                      <Table.Td>{formatCalendarDate(contract.startDate)}</Table.Td>
                      <Table.Td>{formatCalendarDate(contract.endDate)}</Table.Td>
                      <Table.Td>
                        <StateBadge state={contract.state} />
                      </Table.Td>
                      <Table.Td>{yesNo(contract.coversParts)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Stack>
  );
}

function AssetWarranties({ asset }: { asset: Asset }) {
  const warranties = useWarranties({ assetIds: [asset.assetId] });
  return (
    <Stack>
      <Title order={3}>Warranties</Title>
      <QueryState query={warranties} label="the asset's warranties">
        {(list) =>
          list.length === 0 ? (
            <EmptyState>
              No warranty covers this asset, now or before. The provider adds it to a warranty from the
              company&apos;s Warranties.
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label="Warranties covering the asset">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Warranty</Table.Th>
                    <Table.Th>Label</Table.Th>
                    <Table.Th>Start Date</Table.Th>
                    <Table.Th>End Date</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Sample</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((warranty) => (
                    <Table.Tr key={warranty.warrantyId}>
                      <Table.Td>
                        <Anchor component={Link} to={coveragePaths.warrantiesViewer([warranty.warrantyId])}>
                          Warranty {warranty.warrantyId}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{warranty.label}</Table.Td>
                      <Table.Td>{formatCalendarDate(warranty.startDate)}</Table.Td>
                      <Table.Td>{formatCalendarDate(warranty.endDate)}</Table.Td>
                      <Table.Td>
                        <StateBadge state={warranty.state} />
                      </Table.Td>
                      <Table.Td>{yesNo(warranty.isSample)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** The device's contracts tab (and adminCompanyAssetContract): every contract covering it, past and present. */
export function AssetContractsTab() {
  return <AssetFromRoute>{(asset) => <AssetContracts key={asset.assetId} asset={asset} />}</AssetFromRoute>;
}

/** The device's warranties tab (and adminCompanyAssetWarranties): every warranty covering it, past and present. */
export function AssetWarrantiesTab() {
  return <AssetFromRoute>{(asset) => <AssetWarranties key={asset.assetId} asset={asset} />}</AssetFromRoute>;
}
