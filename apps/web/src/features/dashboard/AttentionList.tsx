import { Anchor, Badge, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import {
  ASSET_HEALTH_COLOURS,
  ASSET_HEALTH_LABELS,
  ASSET_HEALTH_TEXT_COLOURS,
  type AssetHealthState,
} from '@kelvin/domain';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { formatAgo } from '../../shared/formatting/elapsed.ts';
import { EmptyState } from '../../shared/ui/QueryState.tsx';
import type { AttentionRow } from './attention.ts';

/** Enough rows to act on; the overview shows the whole fleet. */
export const ATTENTION_ROWS_SHOWN = 50;

export interface AttentionListProps {
  rows: readonly AttentionRow[];
  only: AssetHealthState | null;
  /** When the states were read: 'last heard' counts back from it. */
  asOf: number;
  timeZone: string;
}

function LastHeard({
  lastSeenAt,
  asOf,
  timeZone,
}: {
  lastSeenAt: number | null;
  asOf: number;
  timeZone: string;
}) {
  if (lastSeenAt === null) return <Text size="sm">Never</Text>;
  return (
    <Tooltip label={formatDateTime(lastSeenAt, timeZone)}>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatAgo(lastSeenAt, asOf)}
      </Text>
    </Tooltip>
  );
}

/** The units to look at first, each linked to its live view, with when it was last heard from. */
export function AttentionList({ rows, only, asOf, timeZone }: AttentionListProps) {
  if (rows.length === 0) {
    return (
      <EmptyState>
        {only === null
          ? 'Nothing needs attention: no unit has lost communication or raised a warning.'
          : `No units are in the state ${ASSET_HEALTH_LABELS[only]}.`}
      </EmptyState>
    );
  }
  const shown = rows.slice(0, ATTENTION_ROWS_SHOWN);
  return (
    <>
      <Table.ScrollContainer minWidth={300}>
        <Table aria-label="Units that need attention" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Unit</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Last heard from</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.assetId}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/user/devices/${row.assetId}/liveView`}
                    size="sm"
                    fw={600}
                    // A long name breaks rather than push 'Last heard from' past a phone's edge.
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {row.name}
                  </Anchor>
                  {/* Where it stands, under its name: a phone has no room for a column of its own. */}
                  <Text size="xs" c="dimmed">
                    {row.place}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* On a phone the state may take two lines rather than be cut to 'COMMU…'. */}
                  <Badge
                    radius="sm"
                    h="auto"
                    py={2}
                    styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                    style={{
                      background: ASSET_HEALTH_COLOURS[row.health],
                      color: ASSET_HEALTH_TEXT_COLOURS[row.health],
                    }}
                  >
                    {ASSET_HEALTH_LABELS[row.health]}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <LastHeard lastSeenAt={row.lastSeenAt} asOf={asOf} timeZone={timeZone} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length > shown.length && (
        <Text size="sm" c="dimmed">
          Showing {shown.length} of {rows.length}.{' '}
          <Anchor component={Link} to="/user/overview" size="sm">
            The overview shows them all.
          </Anchor>
        </Text>
      )}
    </>
  );
}
