import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { Ticket } from '@kelvin/contract';
import { toastsFor } from '../../../shared/api/mutationToasts.ts';
import { ticketBillingReason } from '../../coverage/ticketCoverage.ts';
import { DetailsCard } from './DetailsCard.tsx';
import type { TicketAccess } from './ticketAccess.ts';
import { useTicketDraft } from './ticketDraft.ts';
import { BILLING_STATE_LABELS } from './ticketLabels.ts';
import { useUpdateTicket } from './ticketQueries.ts';

/**
 * Billing: why the work is or is not billable (coverage on the ticket's date), whether it is, and the order numbers. The billing state and the accounting system's
 * sales order follow the billing flow (orders page), so they are shown, not edited.
 */
export function TicketBillingCard({ ticket, access }: { ticket: Ticket; access: TicketAccess }) {
  const update = useUpdateTicket(ticket.ticketId);
  const { draft, changes, errors, dirty, set, reset } = useTicketDraft(ticket);
  const readOnly = !access.canEdit;
  const invalid = errors.purchaseOrderNumber !== undefined || errors.salesOrderNumber !== undefined;

  function handleSave() {
    if (!dirty || invalid) return;
    update.mutate(changes, toastsFor('Billing saved', reset));
  }

  return (
    <DetailsCard title="Billing" tour="ticket-billing">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleSave();
        }}
        aria-label="Ticket billing"
      >
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm">{ticketBillingReason(ticket)}</Text>
          </Group>
          <Switch
            label="Billable"
            checked={draft.isBillable}
            onChange={(event) => set('isBillable', event.currentTarget.checked)}
            disabled={readOnly}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Billing state"
              value={BILLING_STATE_LABELS[ticket.netSuiteBillingState]}
              readOnly
              variant="filled"
            />
            <TextInput
              label="Accounting order id"
              value={ticket.netSuiteSalesOrderInternalId ?? 'None'}
              readOnly
              variant="filled"
            />
            <TextInput
              label="Sales order number"
              value={draft.salesOrderNumber}
              onChange={(event) => set('salesOrderNumber', event.currentTarget.value)}
              readOnly={readOnly}
              variant={readOnly ? 'filled' : 'default'}
              placeholder={readOnly ? 'None' : undefined}
              error={errors.salesOrderNumber}
            />
            <TextInput
              label="Purchase order number"
              value={draft.purchaseOrderNumber}
              onChange={(event) => set('purchaseOrderNumber', event.currentTarget.value)}
              readOnly={readOnly}
              variant={readOnly ? 'filled' : 'default'}
              placeholder={readOnly ? 'None' : undefined}
              error={errors.purchaseOrderNumber}
            />
          </SimpleGrid>
          {!readOnly && (
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={reset} disabled={!dirty || update.isPending}>
                Discard
              </Button>
              <Button type="submit" disabled={!dirty || invalid} loading={update.isPending}>
                Save billing
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </DetailsCard>
  );
}
