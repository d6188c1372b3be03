import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TICKET_TITLE_MAX } from '@kelvin/contract';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import {
  useMoveToExistingTicket,
  useMoveToNewTicket,
  useRemoveFromTicket,
  useTicketChoices,
} from '../tickets/problems/problemTicketQueries.ts';

export type TicketMove = 'new' | 'existing' | 'remove';

export interface TicketMoveTarget {
  detectedProblemId: number;
  name: string;
  assetName: string;
  companyId: number;
  ticketId: number | null;
}

const countOf = (n: number) => (n === 1 ? '1 problem' : `${n} problems`);
const SHOWN = 5;
const TITLES: Readonly<Record<TicketMove, string>> = {
  new: 'Move to new ticket',
  existing: 'Move to existing ticket',
  remove: 'Remove from ticket',
};

/**
 * Moving the selected problems to a new ticket (optional title), to an existing ticket of their company (searched
 * by title, description and comments), or off their tickets. The server's reason stays in the dialog.
 */
export function MoveToTicketDialog({
  move,
  targets,
  onClose,
  onDone,
}: {
  move: TicketMove | null;
  targets: readonly TicketMoveTarget[];
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Modal
      opened={move !== null}
      onClose={onClose}
      title={move ? `${TITLES[move]}: ${countOf(targets.length)}` : ''}
    >
      {move && <DialogBody move={move} targets={targets} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function DialogBody({
  move,
  targets,
  onClose,
  onDone,
}: {
  move: TicketMove;
  targets: readonly TicketMoveTarget[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [title, setTitle] = useState('');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const companyId = targets[0]?.companyId ?? 0;
  const oneCompany = targets.every((target) => target.companyId === companyId);
  const ticketId = chosen?.value ?? null;
  // Once a ticket is chosen its name fills the box: that is no search.
  const searched = debouncedSearch === chosen?.label ? '' : debouncedSearch;
  const choices = useTicketChoices(companyId, searched, move === 'existing' && oneCompany);
  const toNew = useMoveToNewTicket();
  const toExisting = useMoveToExistingTicket();
  const remove = useRemoveFromTicket();
  const ids = targets.map((target) => target.detectedProblemId);
  const pending = toNew.isPending || toExisting.isPending || remove.isPending;
  const onTickets = targets.filter((target) => target.ticketId !== null).length;

  async function handleConfirm() {
    setFailure(null);
    try {
      if (move === 'new') {
        const answer = await toNew.mutateAsync({ ids, title });
        notify({
          kind: 'success',
          message: `${countOf(ids.length)} moved to new ticket #${answer.ticketId}`,
        });
      } else if (move === 'existing') {
        if (ticketId === null) {
          setFailure('Choose the ticket to move the problems to.');
          return;
        }
        await toExisting.mutateAsync({ ids, ticketId: Number(ticketId) });
        notify({ kind: 'success', message: `${countOf(ids.length)} moved to ticket #${ticketId}` });
      } else {
        await remove.mutateAsync(ids);
        notify({ kind: 'success', message: `${countOf(onTickets)} removed from their tickets` });
      }
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const found = (choices.data?.content ?? []).map((ticket) => ({
    value: String(ticket.ticketId),
    label: `#${ticket.ticketId} ${ticket.title}`,
  }));
  // The chosen ticket stays an option while the next search is on its way, so that the choice is not lost.
  const options =
    chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  const blocked = move !== 'remove' && !oneCompany;
  return (
    <Stack>
      <List size="sm" spacing={2}>
        {targets.slice(0, SHOWN).map((target) => (
          <List.Item key={target.detectedProblemId}>
            {target.name}{' '}
            <Text span c="dimmed" size="sm">
              on {target.assetName}
              {target.ticketId !== null && ` (now on ticket #${target.ticketId})`}
            </Text>
          </List.Item>
        ))}
        {targets.length > SHOWN && <List.Item>and {targets.length - SHOWN} more</List.Item>}
      </List>
      {blocked && (
        <Alert color="orange" role="alert">
          A ticket holds the problems of one company. Select problems of one company.
        </Alert>
      )}
      {move === 'new' && (
        <TextInput
          label="Ticket title"
          description="Optional: left empty, the ticket is named after its problems."
          maxLength={TICKET_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          data-autofocus
        />
      )}
      {move === 'existing' && !blocked && (
        <Select
          label="Ticket"
          description="Open tickets of the problems' company; type to search titles, descriptions and comments."
          placeholder="Search tickets"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server has searched already: every ticket it sent is a match.
          filter={({ options: all }) => all}
          data={options}
          value={ticketId}
          onChange={(_value, option) => setChosen(option)}
          nothingFoundMessage={
            choices.isFetching
              ? 'Searching…'
              : choices.isError
                ? `Unable to search tickets: ${errorMessage(choices.error)}`
                : 'No open ticket of this company matches'
          }
          data-autofocus
        />
      )}
      {move === 'remove' && (
        <Text size="sm">
          {onTickets === 0
            ? 'None of these problems is on a ticket.'
            : `${countOf(onTickets)} will leave their tickets; the tickets stay as they are.`}
        </Text>
      )}
      {failure !== null && (
        <Alert color="red" title="Not moved" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => void handleConfirm()}
          loading={pending}
          disabled={blocked || (move === 'remove' && onTickets === 0)}
        >
          {TITLES[move]}
        </Button>
      </Group>
    </Stack>
  );
}
