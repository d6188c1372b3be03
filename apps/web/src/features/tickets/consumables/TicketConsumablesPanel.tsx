import { useState } from 'react';
import { ActionIcon, Alert, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Ticket, TicketConsumable } from '@kelvin/contract';
import { CONSUMABLE_LOCK_REASON, consumableLockForCustomer, type ConsumableLock } from '@kelvin/domain';
import { modals } from '../../../app/modals/modalStore.ts';
import { RefusedActionIcon } from '../details/RefusedActionIcon.tsx';
import { useTicketAccess } from '../details/ticketAccess.ts';
import { TicketPanelFrame, TicketPanelTable } from '../details/TicketPanelFrame.tsx';
import { ConsumableFormModal } from './ConsumableFormModal.tsx';
import {
  SALES_PRICE_BLOCKER,
  hasPriceBlocker,
  useDeleteConsumable,
  useTicketConsumables,
} from './ticketConsumableQueries.ts';

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
const price = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Parts and services used on a ticket, with their sales prices and the accounting blocker. A customer sees the
 * prices set, not the blocker, and may not set a price: billing is the provider's (the server refuses it too).
 * Nor may they change or remove a part once priced, or any once the sales order exists: those rows show the
 * actions disabled, with the reason.
 */
export function TicketConsumablesPanel({ ticket }: { ticket: Ticket }) {
  const consumables = useTicketConsumables(ticket.ticketId);
  const access = useTicketAccess(ticket);
  const remove = useDeleteConsumable(ticket.ticketId);
  const [form, setForm] = useState<{ editing: TicketConsumable | null } | null>(null);
  const content = consumables.data?.content;

  const confirmDelete = (item: TicketConsumable) =>
    void modals.danger({
      title: `Remove ${item.displayName}?`,
      message: 'It is taken off this ticket and its billing.',
      okLabel: 'Remove',
      onOk: () => remove.mutateAsync(item.ticketConsumableId),
    });

  // Type sits under the name: the panel is often a narrow column, where a column of its own squeezed the names.
  const rows = content?.map((item) => (
    <Table.Tr key={item.ticketConsumableId}>
      <Table.Td>
        <Text size="sm">{item.displayName}</Text>
        <Group gap={6} wrap="wrap">
          <Badge size="xs" variant="light" color={item.type === 'PART' ? 'cyan' : 'grape'}>
            {item.type === 'PART' ? 'Part' : 'Service'}
          </Badge>
          {item.itemId && (
            <Text size="xs" c="dimmed">
              {item.itemId}
            </Text>
          )}
        </Group>
      </Table.Td>
      <Table.Td ta="right">{number.format(item.quantity)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {item.salesPrice === null ? (
          access.seesBilling ? (
            <Text size="sm" c="red" span>
              Not set
            </Text>
          ) : (
            <Text size="sm" c="dimmed" span aria-label="No price yet">
              —
            </Text>
          )
        ) : (
          <Text size="sm" c={item.salesPrice === 0 && access.seesBilling ? 'red' : undefined} span>
            {price.format(item.salesPrice)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {access.canEdit && (
          <ConsumableActions
            item={item}
            lock={access.isExternal ? consumableLockForCustomer(item, ticket) : null}
            onEdit={() => setForm({ editing: item })}
            onRemove={() => confirmDelete(item)}
          />
        )}
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <TicketPanelFrame
      titleId="ticket-consumables-title"
      title="Parts and services"
      button={
        access.canEdit && {
          label: 'Add part or service',
          icon: <IconPlus size={14} />,
          onClick: () => setForm({ editing: null }),
        }
      }
      notice={
        access.seesBilling &&
        content &&
        hasPriceBlocker(content) && (
          <Alert
            color="orange"
            role="alert"
            icon={<IconAlertTriangle size={18} />}
            title="Accounting blocker"
          >
            {SALES_PRICE_BLOCKER}
          </Alert>
        )
      }
      query={consumables}
      errorTitle="Parts and services could not be loaded"
      items={content}
      empty={
        !access.canEdit
          ? 'No parts or services on this ticket.'
          : access.canSetPrices
            ? 'No parts or services yet. Add each part fitted and service performed, with its sales price, for billing.'
            : 'No parts or services yet. Add each part fitted and service performed.'
      }
      footer={
        <ConsumableFormModal
          ticketId={ticket.ticketId}
          canSetPrice={access.canSetPrices}
          editing={form?.editing ?? null}
          opened={form !== null}
          onClose={() => setForm(null)}
        />
      }
    >
      <TicketPanelTable
        label="Parts and services"
        scroll
        headers={[
          { label: 'Part or service' },
          { label: 'Qty', align: 'right' },
          { label: 'Sales price', align: 'right' },
        ]}
        actionsWidth={access.canEdit ? 72 : 0}
        rows={rows}
      />
    </TicketPanelFrame>
  );
}

/** Edit and remove; both disabled, with the reason, when the row is the provider's to change (`lock`). */
function ConsumableActions({
  item,
  lock,
  onEdit,
  onRemove,
}: {
  item: TicketConsumable;
  lock: ConsumableLock | null;
  onEdit: () => void;
  onRemove: () => void;
}) {
  if (lock !== null) {
    return (
      <Group gap={2} wrap="nowrap" justify="flex-end">
        <RefusedActionIcon label={`Edit ${item.displayName}`} reason={CONSUMABLE_LOCK_REASON[lock]}>
          <IconPencil size={16} />
        </RefusedActionIcon>
        <RefusedActionIcon label={`Remove ${item.displayName}`} reason={CONSUMABLE_LOCK_REASON[lock]}>
          <IconTrash size={16} />
        </RefusedActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${item.displayName}`} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Remove">
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${item.displayName}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
