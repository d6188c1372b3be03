import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { Ticket } from '@kelvin/contract';
import { coreEnumLabel } from '@kelvin/domain';
import { useCoreEnumOptions } from '../coreEnumsQuery.ts';
import { EmptyState } from '../../../shared/ui/QueryState.tsx';
import { toastsFor } from '../../../shared/api/mutationToasts.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { DetailsCard } from './DetailsCard.tsx';
import { RefusedActionIcon } from './RefusedActionIcon.tsx';
import { useTicketAccess } from './ticketAccess.ts';
import { useAddTicketUser, useAssignableUsers, useRemoveTicketUser } from './ticketQueries.ts';

/** ticketUserRelationType: a new person is a worker unless chosen otherwise. */
const WORKER = 2;

/** Spec: the search of a popover waits this long after typing. */
const SEARCH_DEBOUNCE_MS = 100;

/** Why a customer's remove button is disabled beside the provider's staff (or anyone of another company). */
export const OTHER_COMPANY_PERSON_REASON =
  "Only the provider's staff remove people of another company from a ticket.";

/**
 * The ticket's people with their relation (requester, owner, worker); assign and remove when allowed. A customer
 * (external user) removes only their own company's people: who works the ticket for the provider is the
 * provider's to change, and the server refuses it.
 */
export function TicketPeoplePanel({ ticket, canEdit }: { ticket: Ticket; canEdit: boolean }) {
  const remove = useRemoveTicketUser(ticket.ticketId);
  const access = useTicketAccess(ticket);
  const [adding, setAdding] = useState(false);
  const people = [...ticket.users].sort(
    (a, b) => a.relationTypeEnumValue - b.relationTypeEnumValue || a.name.localeCompare(b.name),
  );

  return (
    <DetailsCard
      title="People"
      tour="ticket-people"
      button={
        canEdit && { label: 'Add person', icon: <IconUserPlus size={14} />, onClick: () => setAdding(true) }
      }
    >
      {people.length === 0 ? (
        <EmptyState>
          No one is assigned yet.{canEdit ? ' Add the requester, the owner and the workers.' : ''}
        </EmptyState>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Ticket people">
          {people.map((person) => {
            const relation = coreEnumLabel(person.relationTypeEnumKey, 'ticketUserRelationType');
            const removable = !access.isExternal || person.companyId === access.ownCompanyId;
            const removing =
              remove.isPending &&
              remove.variables.userId === person.userId &&
              remove.variables.relationTypeEnumValue === person.relationTypeEnumValue;
            return (
              <Group
                key={`${person.userId}-${person.relationTypeEnumValue}`}
                component="li"
                gap="xs"
                wrap="nowrap"
                justify="space-between"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {person.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {person.email}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Badge
                    variant="light"
                    size="sm"
                    color={person.relationTypeEnumKey === 'owner' ? 'blue' : 'gray'}
                  >
                    {relation}
                  </Badge>
                  {canEdit && !removable && (
                    <RefusedActionIcon
                      label={`Remove ${person.name} as ${relation.toLowerCase()}`}
                      reason={OTHER_COMPANY_PERSON_REASON}
                    >
                      <IconTrash size={16} />
                    </RefusedActionIcon>
                  )}
                  {canEdit && removable && (
                    <Tooltip label="Remove from the ticket">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${person.name} as ${relation.toLowerCase()}`}
                        loading={removing}
                        onClick={() =>
                          remove.mutate(
                            { userId: person.userId, relationTypeEnumValue: person.relationTypeEnumValue },
                            toastsFor(`${person.name} is no longer ${relation.toLowerCase()} of the ticket`),
                          )
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      {adding && <AddPersonDialog ticket={ticket} onClose={() => setAdding(false)} />}
    </DetailsCard>
  );
}

/** Picks one of the people who may be assigned (searched on the server) and the relation they take. */
function AddPersonDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const add = useAddTicketUser(ticket.ticketId);
  const relations = useCoreEnumOptions('ticketUserRelationType');
  const [relation, setRelation] = useState(String(WORKER));
  const [chosen, setChosen] = useState<{ value: string; label: string; name: string } | null>(null);
  const [search, setSearch] = useState('');
  // What the server is asked: typed text only (picking a person puts their label in the field, not a search).
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const candidates = useAssignableUsers(ticket.ticketId, debounced, true);
  const options = (candidates.data ?? []).map((user) => ({
    value: String(user.userId),
    label: `${user.name} (${user.email})`,
    name: user.name,
  }));
  const data =
    chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;

  function handleAdd() {
    if (chosen === null) return;
    const relationLabel = relations.find((option) => option.value === relation)?.label ?? 'Worker';
    add.mutate(
      { userId: Number(chosen.value), relationTypeEnumValue: Number(relation) },
      toastsFor(`${chosen.name} added as ${relationLabel.toLowerCase()}`, onClose),
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Add a person to ticket #${ticket.ticketId}`} fullScreen={phone}>
      <Stack>
        <Select
          label="Relation"
          data={relations}
          value={relation}
          onChange={(value) => value !== null && setRelation(value)}
          allowDeselect={false}
          description="A ticket has at most one owner."
        />
        <Select
          label="Person"
          placeholder="Search by name or e-mail"
          searchable
          data={data}
          value={chosen?.value ?? null}
          onChange={(value) => setChosen(data.find((option) => option.value === value) ?? null)}
          searchValue={search}
          onSearchChange={(value) => {
            setSearch(value);
            if (value !== chosen?.label) setQuery(value);
          }}
          // The server has already matched the search; the field only lists what it answered.
          filter={({ options }) => options}
          nothingFoundMessage={candidates.isFetching ? 'Searching…' : 'No one matches the search'}
          error={candidates.isError ? errorMessage(candidates.error) : undefined}
          data-autofocus
        />
        {add.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(add.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={handleAdd} disabled={chosen === null} loading={add.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
