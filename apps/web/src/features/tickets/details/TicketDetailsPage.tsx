import { Fragment, type ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Button, Grid, List, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import type { Ticket } from '@kelvin/contract';
import { modals } from '../../../app/modals/modalStore.ts';
import { useIdParam } from '../../../shared/routing/useIdParam.ts';
import { failWithToast, toastsFor } from '../../../shared/api/mutationToasts.ts';
import { TicketTimeEntriesPanel } from '../../timeEntries/TicketTimeEntriesPanel.tsx';
import { TicketAttachmentsPanel } from '../attachments/TicketAttachmentsPanel.tsx';
import { TicketCommentsPanel } from '../comments/TicketCommentsPanel.tsx';
import { TicketConsumablesPanel } from '../consumables/TicketConsumablesPanel.tsx';
import { TicketAssetsPanel } from './TicketAssetsPanel.tsx';
import { TicketBillingCard } from './TicketBillingCard.tsx';
import { TicketFieldsCard } from './TicketFieldsCard.tsx';
import { TicketForms } from './TicketForms.tsx';
import { TicketHistoryPanel } from './TicketHistoryPanel.tsx';
import { TicketPeoplePanel } from './TicketPeoplePanel.tsx';
import { TicketStatusCard } from './TicketStatusCard.tsx';
import { useTicketAccess } from './ticketAccess.ts';
import { useSetTicketFrozen, useTicket } from './ticketQueries.ts';

/** The wide screen's two columns: the ticket's fields and conversation, and beside them its people and things. */
const MAIN = { base: 12, md: 7, lg: 8 };
const SIDE = { base: 12, md: 5, lg: 4 };
/** Mantine's md breakpoint, where the two columns begin. */
const WIDE_QUERY = '(min-width: 62em)';

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

type Section =
  | 'fields'
  | 'billing'
  | 'comments'
  | 'attachments'
  | 'history'
  | 'status'
  | 'people'
  | 'assets'
  | 'consumables'
  | 'time';

/** Wide: the ticket's words on the left, its state, people and things on the right. */
const WIDE_MAIN: readonly Section[] = ['fields', 'billing', 'comments', 'attachments', 'history'];
const WIDE_SIDE: readonly Section[] = ['status', 'people', 'assets', 'consumables', 'time'];
/** One column (phones, narrow windows): what a technician on site needs first comes first. */
const NARROW: readonly Section[] = [
  'status',
  'fields',
  'people',
  'assets',
  'comments',
  'attachments',
  'consumables',
  'time',
  'billing',
  'history',
];

function TicketDetails({ ticket }: { ticket: Ticket }) {
  const access = useTicketAccess(ticket);
  // Read at once, not after a first render, so that a wide screen does not flash the one-column order.
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const sections: Record<Section, ReactNode> = {
    fields: <TicketFieldsCard ticket={ticket} access={access} />,
    billing: <TicketBillingCard ticket={ticket} access={access} />,
    comments: (
      <PanelCard tour="ticket-comments">
        <TicketCommentsPanel ticket={ticket} />
      </PanelCard>
    ),
    attachments: (
      <PanelCard>
        <TicketAttachmentsPanel ticket={ticket} />
      </PanelCard>
    ),
    history: <TicketHistoryPanel ticketId={ticket.ticketId} />,
    status: <TicketStatusCard ticket={ticket} access={access} />,
    people: <TicketPeoplePanel ticket={ticket} canEdit={access.canEdit} />,
    assets: (
      <>
        <TicketAssetsPanel ticket={ticket} canEdit={access.canEdit} />
        <TicketForms ticket={ticket} />
      </>
    ),
    consumables: (
      <PanelCard>
        <TicketConsumablesPanel ticket={ticket} />
      </PanelCard>
    ),
    time: (
      <PanelCard>
        <TicketTimeEntriesPanel ticket={ticket} />
      </PanelCard>
    ),
  };
  // Customers see neither the billing card nor the accounting blockers: billing is the provider's business.
  const shown = (name: Section) => name !== 'billing' || access.seesBilling;
  const render = (name: Section) => <Fragment key={name}>{sections[name]}</Fragment>;
  return (
    <Stack gap="md">
      {ticket.isFrozen && <FrozenBanner ticket={ticket} canUnfreeze={access.canFreeze} />}
      {access.seesBilling && ticket.netsuiteBlockers.length > 0 && (
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
      {wide ? (
        <Grid gap="md">
          <Grid.Col span={MAIN}>
            <Stack gap="md">{WIDE_MAIN.filter(shown).map(render)}</Stack>
          </Grid.Col>
          <Grid.Col span={SIDE}>
            <Stack gap="md">{WIDE_SIDE.filter(shown).map(render)}</Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <Stack gap="md">{NARROW.filter(shown).map(render)}</Stack>
      )}
    </Stack>
  );
}

/** The frame of a panel another area builds (it brings its own heading), so that every section reads as a card. */
function PanelCard({ tour, children }: { tour?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" data-tour={tour}>
      {children}
    </Paper>
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
