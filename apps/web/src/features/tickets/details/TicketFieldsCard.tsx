import { useState } from 'react';
import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { Ticket } from '@kelvin/contract';
import { coreEnumLabel, type CoreEnumName } from '@kelvin/domain';
import { useCoreEnums, enumEntries } from '../coreEnumsQuery.ts';
import { toastsFor } from '../../../shared/api/mutationToasts.ts';
import { DetailsCard } from './DetailsCard.tsx';
import type { TicketAccess } from './ticketAccess.ts';
import { checkDuration, useTicketDraft, type TicketDraft } from './ticketDraft.ts';
import { useUpdateTicket } from './ticketQueries.ts';

type EnumField = 'typeEnumValue' | 'priorityEnumValue' | 'severityEnumValue' | 'sourceEnumValue';

type EnumKeyField = 'typeEnumKey' | 'priorityEnumKey' | 'severityEnumKey' | 'sourceEnumKey';

const ENUM_FIELDS: readonly { field: EnumField; key: EnumKeyField; label: string; enumName: CoreEnumName }[] =
  [
    { field: 'typeEnumValue', key: 'typeEnumKey', label: 'Type', enumName: 'ticketType' },
    { field: 'priorityEnumValue', key: 'priorityEnumKey', label: 'Priority', enumName: 'ticketPriority' },
    { field: 'severityEnumValue', key: 'severityEnumKey', label: 'Severity', enumName: 'ticketSeverity' },
    { field: 'sourceEnumValue', key: 'sourceEnumKey', label: 'Source', enumName: 'ticketSource' },
  ];

/**
 * The values a ticket can take (GET coreEnums; 'universal' (-1) is the filters' wildcard). The ticket's own value
 * is always among them, so that it reads right while the enums load.
 */
function enumOptions(
  enums: ReturnType<typeof useCoreEnums>['data'],
  enumName: CoreEnumName,
  own: { value: number; key: string },
) {
  const options = enumEntries(enums, enumName)
    .filter((entry) => entry.value >= 0)
    .map((entry) => ({ value: String(entry.value), label: entry.label }));
  return options.some((option) => option.value === String(own.value))
    ? options
    : [{ value: String(own.value), label: coreEnumLabel(own.key, enumName) }, ...options];
}

/**
 * The ticket's own fields: title, description, type, priority, severity, source, estimated duration, external
 * reference and (for provider staff) visibility. Saving sends only what changed; read-only when the user may not
 * change the ticket or it is frozen.
 */
export function TicketFieldsCard({ ticket, access }: { ticket: Ticket; access: TicketAccess }) {
  const update = useUpdateTicket(ticket.ticketId);
  const enums = useCoreEnums().data;
  const { draft, changes, errors, dirty, set, reset } = useTicketDraft(ticket);
  const readOnly = !access.canEdit;
  const duration = checkDuration(draft.estimatedDuration);
  const [editingEstimate, setEditingEstimate] = useState(false);
  const invalid = Object.keys(errors).length > 0;

  function handleSave() {
    if (!dirty || invalid) return;
    update.mutate(changes, toastsFor('Ticket saved', reset));
  }

  const textProps = (field: 'title' | 'externalTicket') => ({
    value: draft[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    readOnly,
    variant: readOnly ? 'filled' : 'default',
    error: errors[field],
  });

  return (
    <DetailsCard title="Details" tour="ticket-fields">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleSave();
        }}
        aria-label="Ticket fields"
      >
        <Stack gap="sm">
          <TextInput label="Title" required={!readOnly} {...textProps('title')} />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={14}
            value={draft.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            readOnly={readOnly}
            variant={readOnly ? 'filled' : 'default'}
            placeholder={readOnly ? 'No description' : 'What is wrong, where, and what has been tried'}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {ENUM_FIELDS.map(({ field, key, label, enumName }) => {
              const data = enumOptions(enums, enumName, { value: ticket[field], key: ticket[key] });
              const value = String(draft[field]);
              // Read-only as plain text: no chevron or list that suggests a choice.
              return readOnly ? (
                <TextInput
                  key={field}
                  label={label}
                  value={data.find((option) => option.value === value)?.label ?? value}
                  readOnly
                  variant="filled"
                />
              ) : (
                <Select
                  key={field}
                  label={label}
                  data={data}
                  value={value}
                  onChange={(next) => next !== null && set(field, Number(next))}
                  allowDeselect={false}
                />
              );
            })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: access.isExternal ? 2 : 3 }} spacing="sm">
            <TextInput
              label="Estimated duration"
              placeholder={readOnly ? 'Not estimated' : 'ISO 8601, e.g. PT4H30M'}
              // Stored as an ISO duration and read in hours ('2 h', not 'PT2H'): the ISO text only while typing it,
              // with its hours beside it.
              value={
                readOnly || !editingEstimate
                  ? (duration.hours ?? draft.estimatedDuration)
                  : draft.estimatedDuration
              }
              onFocus={() => setEditingEstimate(true)}
              onBlur={() => setEditingEstimate(false)}
              onChange={(event) => set('estimatedDuration', event.currentTarget.value)}
              readOnly={readOnly}
              variant={readOnly ? 'filled' : 'default'}
              error={errors.estimatedDuration}
              rightSectionWidth={72}
              rightSection={
                !readOnly &&
                editingEstimate &&
                duration.hours !== null && (
                  <Text size="xs" c="dimmed" aria-live="polite">
                    {duration.hours}
                  </Text>
                )
              }
            />
            <TextInput
              label="External ticket"
              placeholder={readOnly ? 'None' : 'Reference in another system'}
              {...textProps('externalTicket')}
            />
            {!access.isExternal && (
              <VisibilityField
                value={draft.visibility}
                onChange={(value) => set('visibility', value)}
                editable={access.canSetVisibility}
              />
            )}
          </SimpleGrid>
          {!readOnly && (
            <Group justify="flex-end" gap="xs">
              {dirty && (
                <Text size="sm" c="dimmed" mr="auto">
                  Unsaved changes
                </Text>
              )}
              <Button variant="default" onClick={reset} disabled={!dirty || update.isPending}>
                Discard
              </Button>
              <Button type="submit" disabled={!dirty || invalid} loading={update.isPending}>
                Save changes
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </DetailsCard>
  );
}

const VISIBILITIES: readonly { value: TicketDraft['visibility']; label: string }[] = [
  { value: 'INTERNAL', label: 'Internal' },
  { value: 'EXTERNAL', label: 'External' },
];

/** INTERNAL tickets are hidden from the customer's users; provider staff choose. */
function VisibilityField({
  value,
  onChange,
  editable,
}: {
  value: TicketDraft['visibility'];
  onChange: (value: TicketDraft['visibility']) => void;
  editable: boolean;
}) {
  const label = VISIBILITIES.find((option) => option.value === value)?.label ?? value;
  if (!editable) return <TextInput label="Visibility" value={label} readOnly variant="filled" />;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="ticket-visibility-label">
        Visibility
      </Text>
      <SegmentedControl
        aria-labelledby="ticket-visibility-label"
        data={[...VISIBILITIES]}
        value={value}
        onChange={(next) => {
          const chosen = VISIBILITIES.find((option) => option.value === next);
          if (chosen) onChange(chosen.value);
        }}
        fullWidth
      />
    </Stack>
  );
}
