import { Alert, Box, Button, Grid, List, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import type { Ticket } from '@kelvin/contract';
import { modals } from '../../../app/modals/modalStore.ts';
import { useIdParam } from '../../admin/useIdParam.ts';
import { failWithToast, toastsFor } from '../../admin/mutationToasts.ts';
import { TicketTimeEntriesPanel } from '../../timeEntries/TicketTimeEntriesPanel.tsx';
import { TicketAttachmentsPanel } from '../attachments/TicketAttachmentsPanel.tsx';
import { TicketCommentsPanel } from '../comments/TicketCommentsPanel.tsx';
import { TicketConsumablesPanel } from '../consumables/TicketConsumablesPanel.tsx';
import { TicketAssetsPanel } from './TicketAssetsPanel.tsx';
import { TicketBillingCard } from './TicketBillingCard.tsx';
import { TicketFieldsCard } from './TicketFieldsCard.tsx';
import { TicketHistoryPanel } from './TicketHistoryPanel.tsx';
import { TicketPeoplePanel } from './TicketPeoplePanel.tsx';
import { TicketStatusCard } from './TicketStatusCard.tsx';
import { useTicketAccess } from './ticketAccess.ts';
import { useSetTicketFrozen, useTicket } from './ticketQueries.ts';

/** The wide screen's two columns: the ticket's fields and conversation, and beside them its people and things. */
const MAIN = { base: 12, md: 7, lg: 8 };
const SIDE = { base: 12, md: 5, lg: 4 };

/**
 * tickets/{ticketId}/details: every field of the ticket (editable where the user may), its people and assets,
 * comments, attachments, consumables, time entries and history. The frame (TicketLayout) says when the ticket
 * is missing or fails to load; this page keeps its layout with skeletons meanwhile.
 */
export function TicketDetailsPage() {
  const ticket = useTicket(useIdParam('ticketId'));
  if (ticket.isError) return null;
  if (ticket.isPending) return <TicketDetailsSkeleton />;
  return <TicketDetails ticket={ticket.data} />;
}

function TicketDetails({ ticket }: { ticket: Ticket }) {
  const access = useTicketAccess(ticket);
  return (
    <Stack gap="md">
      {ticket.isFrozen && <FrozenBanner ticket={ticket} canUnfreeze={access.canManage} />}
      {ticket.netsuiteBlockers.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          title="Accounting blockers"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
        >
          <List size="sm">
            {ticket.netsuiteBlockers.map((blocker) => (
              <List.Item key={blocker}>{blocker}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={MAIN}>
          <Stack gap="md">
            <TicketFieldsCard ticket={ticket} access={access} />
            <Box data-tour="ticket-comments">
              <TicketCommentsPanel ticket={ticket} />
            </Box>
            <TicketHistoryPanel ticketId={ticket.ticketId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={SIDE}>
          <Stack gap="md">
            <TicketStatusCard ticket={ticket} access={access} />
            <TicketPeoplePanel ticket={ticket} canEdit={access.canEdit} />
            <TicketAssetsPanel ticket={ticket} canEdit={access.canEdit} />
            <TicketBillingCard ticket={ticket} access={access} />
            <TicketConsumablesPanel ticket={ticket} />
            <TicketTimeEntriesPanel ticket={ticket} />
            <TicketAttachmentsPanel ticket={ticket} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function FrozenBanner({ ticket, canUnfreeze }: { ticket: Ticket; canUnfreeze: boolean }) {
  const setFrozen = useSetTicketFrozen(ticket.ticketId);
  function handleUnfreeze() {
    void modals.confirm({
      title: 'Unfreeze ticket',
      message: `Unfreeze ticket #${ticket.ticketId}? Everyone who may change tickets can change it again.`,
      okLabel: 'Unfreeze',
      onOk: () =>
        setFrozen.mutateAsync(false).then(() => toastsFor('Ticket unfrozen').onSuccess(), failWithToast),
    });
  }
  return (
    <Alert color="yellow" variant="light" title="This ticket is frozen" icon={<IconLock size={18} />}>
      <Stack gap="xs" align="flex-start">
        Its fields, status, people and assets are read-only until it is unfrozen.
        {canUnfreeze && (
          <Button
            size="xs"
            variant="white"
            color="yellow"
            onClick={handleUnfreeze}
            loading={setFrozen.isPending}
          >
            Unfreeze
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The page's shape while the ticket loads, so that nothing jumps when it arrives. */
function TicketDetailsSkeleton() {
  const card = (height: number, key: string) => (
    <Paper key={key} withBorder p="md">
      <Skeleton height={18} width={120} mb="sm" />
      <Skeleton height={height} />
    </Paper>
  );
  return (
    <Grid gap="md" role="status" aria-label="Loading the ticket details">
      <Grid.Col span={MAIN}>
        <Stack gap="md">{[card(260, 'fields'), card(160, 'comments'), card(120, 'history')]}</Stack>
      </Grid.Col>
      <Grid.Col span={SIDE}>
        <Stack gap="md">
          {[card(140, 'status'), card(90, 'people'), card(90, 'assets'), card(120, 'billing')]}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
