import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  TICKET_CONSUMABLE_NAME_MAX,
  type TicketConsumable,
  type TicketConsumableType,
} from '@kelvin/contract';
import { hasPermission } from '@kelvin/domain';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { InventoryItemPicker, type PickedInventoryItem } from './InventoryItemPicker.tsx';
import { useSaveConsumable } from './ticketConsumableQueries.ts';

const typeOptions = [
  { value: 'PART', label: 'Part' },
  { value: 'SERVICE', label: 'Service' },
];

/** NumberInput answers '' when empty: an empty price is "not known yet" (null), which the blocker flags. */
const numberOrNull = (value: string | number): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Adds a part or service to a ticket, or changes one (`editing`). Without `canSetPrice` (a customer) there is no
 * price field: a new one goes without a price, an edited one keeps its own (the server refuses any other).
 */
export function ConsumableFormModal({
  ticketId,
  canSetPrice,
  editing,
  opened,
  onClose,
}: {
  ticketId: number;
  canSetPrice: boolean;
  editing: TicketConsumable | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit ${editing.displayName}` : 'Add part or service'}
      fullScreen={phone}
    >
      {/* Keyed so that each opening starts from the row edited (or blank). */}
      <ConsumableForm
        key={editing?.ticketConsumableId ?? 'new'}
        ticketId={ticketId}
        canSetPrice={canSetPrice}
        editing={editing}
        onDone={onClose}
      />
    </Modal>
  );
}

function ConsumableForm({
  ticketId,
  canSetPrice,
  editing,
  onDone,
}: {
  ticketId: number;
  canSetPrice: boolean;
  editing: TicketConsumable | null;
  onDone: () => void;
}) {
  const [type, setType] = useState<TicketConsumableType>(editing?.type ?? 'PART');
  const [displayName, setDisplayName] = useState(editing?.displayName ?? '');
  const [itemId, setItemId] = useState(editing?.itemId ?? '');
  const [quantity, setQuantity] = useState<string | number>(editing?.quantity ?? 1);
  const [salesPrice, setSalesPrice] = useState<string | number>(editing?.salesPrice ?? '');
  const [touched, setTouched] = useState(false);
  const save = useSaveConsumable(ticketId);
  const permissions = useCurrentUser().data?.permissions;
  // Inventory is read with netsuite:read; without it the item is entered by hand, as before.
  const canPickFromInventory =
    permissions !== undefined && hasPermission(permissions, { permission: 'netsuite:read' });
  const pick = (item: PickedInventoryItem) => {
    setItemId(item.itemId);
    setDisplayName(item.displayName);
    if (canSetPrice && item.basePrice !== null) setSalesPrice(item.basePrice);
  };

  const nameError = touched && displayName.trim() === '' ? 'This field is required.' : null;
  const quantityValue = numberOrNull(quantity);
  const quantityError =
    touched && (quantityValue === null || quantityValue <= 0)
      ? 'This field is required and must be a number.'
      : null;

  const submit = () => {
    setTouched(true);
    if (displayName.trim() === '' || quantityValue === null || quantityValue <= 0) return;
    save.mutate(
      {
        ...(editing ? { ticketConsumableId: editing.ticketConsumableId } : {}),
        fields: {
          type,
          displayName: displayName.trim(),
          itemId: itemId.trim() === '' ? null : itemId.trim(),
          quantity: quantityValue,
          salesPrice: canSetPrice ? numberOrNull(salesPrice) : (editing?.salesPrice ?? null),
        },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <Stack
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SegmentedControl
        aria-label="Type"
        data={typeOptions}
        value={type}
        onChange={(value) => setType(value === 'SERVICE' ? 'SERVICE' : 'PART')}
      />
      {/* Keyed by type: parts and services are two lists, a pick of one is no pick of the other. */}
      {canPickFromInventory && <InventoryItemPicker key={type} type={type} onPick={pick} />}
      <TextInput
        label="Name"
        withAsterisk
        maxLength={TICKET_CONSUMABLE_NAME_MAX}
        value={displayName}
        onChange={(event) => setDisplayName(event.currentTarget.value)}
        error={nameError}
        data-autofocus
      />
      <TextInput
        label="Item number"
        description="Optional: the inventory or service item it comes from."
        maxLength={100}
        value={itemId}
        onChange={(event) => setItemId(event.currentTarget.value)}
      />
      <Group grow align="flex-start">
        <NumberInput
          label="Quantity"
          withAsterisk
          min={0}
          decimalScale={3}
          value={quantity}
          onChange={setQuantity}
          error={quantityError}
        />
        {canSetPrice && (
          <NumberInput
            label="Sales price"
            description="Leave empty if not known yet."
            min={0}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            value={salesPrice}
            onChange={setSalesPrice}
          />
        )}
      </Group>
      {save.error && (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {editing ? 'Save' : 'Add'}
        </Button>
      </Group>
    </Stack>
  );
}
