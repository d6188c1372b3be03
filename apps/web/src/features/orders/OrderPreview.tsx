import { Alert, List, Skeleton, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { SalesOrderLine } from '@kelvin/contract';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useOrderPreview } from './ordersQueries.ts';

const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

const KIND_LABELS: Record<SalesOrderLine['kind'], string> = {
  PART: 'Part',
  SERVICE: 'Service',
  LABOR: 'Labor',
};

/** The lines the order will carry, with amounts and the total, and what blocks it (the spec's message first). */
export function OrderPreview({ ticketId, accessToken }: { ticketId: number; accessToken: string | null }) {
  const preview = useOrderPreview(ticketId, accessToken);
  if (preview.isPending) return <Skeleton height={120} aria-label="Loading the order's lines" />;
  if (preview.isError)
    return (
      <QueryError label="the order's lines" error={preview.error} onRetry={() => void preview.refetch()} />
    );
  const { lines, total, blockers } = preview.data;
  return (
    <div>
      {blockers.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="This order cannot be made"
          mb="sm"
        >
          <List size="sm">
            {blockers.map((blocker) => (
              <List.Item key={blocker}>{blocker}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Order lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" size="sm">
                    The ticket has no priced parts, services or time yet: add them on the ticket first.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              lines.map((line, index) => (
                <Table.Tr key={`${line.itemId}-${index}`}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {line.itemId}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {KIND_LABELS[line.kind]}
                    </Text>
                  </Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">{quantity.format(line.quantity)}</Table.Td>
                  <Table.Td ta="right">{money.format(line.rate)}</Table.Td>
                  <Table.Td ta="right">{money.format(line.amount)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={4} ta="right">
                Total
              </Table.Th>
              <Table.Th ta="right" aria-label={`Total ${money.format(total)}`}>
                {money.format(total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
