import { useState } from 'react';
import { Group, MultiSelect, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { SCHEDULE_NOTES_MAX, SCHEDULE_TITLE_MAX, scheduleTypeSchema } from '@kelvin/contract';
import { useCompanies } from '../companies/companiesQueries.ts';
import { TimeZonePicker } from '../diagnose/TimeZonePicker.tsx';
import { useTicketChoices } from '../tickets/problems/problemTicketQueries.ts';
import { useTicket } from '../tickets/details/ticketQueries.ts';
import { SCHEDULE_TYPE_OPTIONS, scheduleSwatchClassName } from './scheduleTypeStyle.ts';
import { useScheduleResources } from './schedulingQueries.ts';
import type { DraftErrors, ScheduleDraft } from './scheduleDraft.ts';

interface Props {
  draft: ScheduleDraft;
  errors: DraftErrors;
  onChange: (change: Partial<ScheduleDraft>) => void;
  readOnly: boolean;
  /** An entry's company cannot change (the server refuses): only a new entry chooses one. */
  companyFixed: boolean;
  /** The entry's own ticket, offered even when it is no longer among the company's open tickets. */
  currentTicket: { ticketId: number; title: string } | null;
  /** Companies the user may plan for; all the companies they read when read-only. */
  canWriteCompany: (companyId: number) => boolean;
  style: 'US' | 'EU';
}

/** Every field of an entry: type, title, notes, start and end in its zone, technicians, company, ticket, assets. */
export function ScheduleFormFields({
  draft,
  errors,
  onChange,
  readOnly,
  companyFixed,
  currentTicket,
  canWriteCompany,
  style,
}: Props) {
  const resources = useScheduleResources();
  const companies = useCompanies();
  const [ticketSearch, setTicketSearch] = useState('');
  const [search] = useDebouncedValue(ticketSearch, 400);
  const tickets = useTicketChoices(draft.companyId ?? 0, search, draft.companyId !== null && !readOnly);
  const ticket = useTicket(draft.ticketId ?? 0);
  const valueFormat = style === 'US' ? 'MM/DD/YYYY hh:mm A' : 'DD.MM.YYYY HH:mm';

  const companyOptions = (companies.data ?? [])
    .filter((company) => company.companyId === draft.companyId || canWriteCompany(company.companyId))
    .map((company) => ({ value: String(company.companyId), label: company.name }));
  const ticketOptions = (tickets.data?.content ?? []).map((row) => ({
    value: String(row.ticketId),
    label: `#${row.ticketId} ${row.title}`,
  }));
  if (currentTicket && !ticketOptions.some((option) => option.value === String(currentTicket.ticketId)))
    ticketOptions.unshift({
      value: String(currentTicket.ticketId),
      label: `#${currentTicket.ticketId} ${currentTicket.title}`,
    });
  const assetOptions = (ticket.data?.assets ?? []).map((asset) => ({
    value: String(asset.assetId),
    label: asset.displayName,
  }));
  const resourceOptions = (resources.data?.content ?? []).map((person) => ({
    value: String(person.userId),
    label: person.name,
  }));

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Type"
          data={SCHEDULE_TYPE_OPTIONS}
          value={draft.type}
          onChange={(value) => {
            const type = scheduleTypeSchema.safeParse(value);
            if (type.success) onChange({ type: type.data });
          }}
          allowDeselect={false}
          leftSection={<span className={scheduleSwatchClassName(draft.type)} aria-hidden />}
          disabled={readOnly}
        />
        <TextInput
          label="Title"
          required
          maxLength={SCHEDULE_TITLE_MAX}
          value={draft.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          error={errors.title}
          readOnly={readOnly}
          data-autofocus
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateTimePicker
          label="Start"
          required
          valueFormat={valueFormat}
          value={draft.startsAt}
          onChange={(startsAt) => onChange({ startsAt })}
          error={errors.startsAt}
          disabled={readOnly}
          popoverProps={{ withinPortal: true }}
        />
        <DateTimePicker
          label="End"
          required
          valueFormat={valueFormat}
          value={draft.endsAt}
          onChange={(endsAt) => onChange({ endsAt })}
          error={errors.endsAt}
          disabled={readOnly}
          popoverProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group grow align="flex-start">
        {readOnly ? (
          <TextInput label="Time zone" value={draft.timeZoneId} readOnly />
        ) : (
          <TimeZonePicker
            value={draft.timeZoneId}
            onChange={(timeZoneId) => onChange({ timeZoneId })}
            width="100%"
          />
        )}
      </Group>
      <MultiSelect
        label="Technicians"
        required
        data={resourceOptions}
        value={draft.resourceIds.map(String)}
        onChange={(ids) => onChange({ resourceIds: ids.map(Number) })}
        searchable
        nothingFoundMessage="No technician matches"
        error={errors.resourceIds}
        disabled={readOnly}
      />
      <Select
        label="Company"
        required
        data={companyOptions}
        value={draft.companyId === null ? null : String(draft.companyId)}
        onChange={(value) =>
          onChange({ companyId: value === null ? null : Number(value), ticketId: null, assetIds: [] })
        }
        searchable
        nothingFoundMessage="No company matches"
        error={errors.companyId}
        disabled={readOnly || companyFixed}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Ticket"
          placeholder={draft.companyId === null ? 'Choose a company first' : 'No ticket'}
          description="An open ticket of the company; it moves to scheduled."
          data={ticketOptions}
          value={draft.ticketId === null ? null : String(draft.ticketId)}
          onChange={(value) => onChange({ ticketId: value === null ? null : Number(value), assetIds: [] })}
          searchable
          searchValue={ticketSearch}
          onSearchChange={setTicketSearch}
          filter={({ options }) => options}
          clearable
          nothingFoundMessage="No open ticket matches"
          disabled={readOnly || draft.companyId === null}
        />
        <MultiSelect
          label="Assets"
          description="Of the ticket: the units the visit is for."
          placeholder={draft.ticketId === null ? 'Choose a ticket first' : undefined}
          data={assetOptions}
          value={draft.assetIds.map(String)}
          onChange={(ids) => onChange({ assetIds: ids.map(Number) })}
          disabled={readOnly || draft.ticketId === null}
        />
      </SimpleGrid>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={SCHEDULE_NOTES_MAX}
        value={draft.notes}
        onChange={(event) => onChange({ notes: event.currentTarget.value })}
        error={errors.notes}
        readOnly={readOnly}
      />
      <Switch
        label="Confirmed"
        description="Unconfirmed entries are drawn dashed until the visit is agreed."
        checked={draft.confirmed}
        onChange={(event) => onChange({ confirmed: event.currentTarget.checked })}
        disabled={readOnly}
      />
    </Stack>
  );
}
