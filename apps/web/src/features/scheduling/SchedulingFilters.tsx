import { Badge, Button, Drawer, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendar, IconFilter } from '@tabler/icons-react';
import { scheduleConfirmedFilters, scheduleTicketFilters, scheduleTypeSchema } from '@kelvin/contract';
import { useCompanies } from '../companies/companiesQueries.ts';
import { TimeZonePicker } from '../diagnose/TimeZonePicker.tsx';
import { SCHEDULE_TYPE_OPTIONS } from './scheduleTypeStyle.ts';
import { useScheduleResources } from './schedulingQueries.ts';
import {
  activeSchedulingFilters,
  viewStyles,
  type ConfirmedFilter,
  type SchedulingState,
  type TicketFilter,
  type ViewStyle,
} from './schedulingState.ts';

const STYLE_LABELS: Record<ViewStyle, string> = { US: 'United States', EU: 'Europe' };
const CONFIRMED_LABELS: Record<ConfirmedFilter, string> = {
  ALL: 'All',
  CONFIRMED: 'Confirmed',
  UNCONFIRMED: 'Unconfirmed',
};
/** Spec: All / Only With Tickets / Has No Tickets. */
const TICKET_LABELS: Record<TicketFilter, string> = {
  ALL: 'All',
  WITH_TICKETS: 'Only With Tickets',
  WITHOUT_TICKETS: 'Has No Tickets',
};

interface Props {
  state: SchedulingState;
  onChange: (change: Partial<SchedulingState>) => void;
  /** The day shown and the zone in use (the user's own when the address names none). */
  day: string;
  timeZone: string;
  phone: boolean;
}

/**
 * The view settings (view style, start date, time zone) and the filters (company, confirmed, resources, schedule
 * type, ticket association). In line on a wide screen; on a phone behind a 'Filters' button that counts the filters
 * set, so that the calendar comes first.
 */
export function SchedulingFilters(props: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  if (!props.phone)
    return (
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FilterFields {...props} />
      </Group>
    );
  const count = activeSchedulingFilters(props.state);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFilter size={16} />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle aria-hidden>
              {count}
            </Badge>
          ) : undefined
        }
        onClick={open}
        aria-label={count === 0 ? 'Filters' : `Filters, ${count} set`}
      >
        Filters
      </Button>
      <Drawer opened={opened} onClose={close} position="bottom" size="auto" title="Filters">
        <Stack gap="md" pb="md">
          <FilterFields {...props} />
          <Button onClick={close}>Show schedule</Button>
        </Stack>
      </Drawer>
    </>
  );
}

function FilterFields({ state, onChange, day, timeZone, phone }: Props) {
  const companies = useCompanies();
  const resources = useScheduleResources();
  const width = phone ? undefined : 190;
  return (
    <>
      <Select
        label="View style"
        data={viewStyles.map((value) => ({ value, label: STYLE_LABELS[value] }))}
        value={state.style}
        onChange={(value) => {
          const style = viewStyles.find((known) => known === value);
          if (style) onChange({ style });
        }}
        allowDeselect={false}
        w={phone ? undefined : 150}
      />
      <DatePickerInput
        label="Start date"
        leftSection={<IconCalendar size={16} />}
        value={day}
        onChange={(date) => onChange({ date })}
        valueFormat={state.style === 'US' ? 'MM/DD/YYYY' : 'DD.MM.YYYY'}
        firstDayOfWeek={state.style === 'US' ? 0 : 1}
        w={phone ? undefined : 150}
        popoverProps={{ withinPortal: true }}
      />
      <TimeZonePicker
        value={timeZone}
        onChange={(zone) => onChange({ timeZone: zone })}
        width={phone ? '100%' : 240}
      />
      <MultiSelect
        label="Company"
        placeholder={state.companyIds.length === 0 ? 'All companies' : undefined}
        data={(companies.data ?? []).map((company) => ({
          value: String(company.companyId),
          label: company.name,
        }))}
        value={state.companyIds.map(String)}
        onChange={(ids) => onChange({ companyIds: ids.map(Number) })}
        searchable
        clearable
        nothingFoundMessage="No company matches"
        w={width}
      />
      <Select
        label="Confirmed"
        data={scheduleConfirmedFilters.map((value) => ({ value, label: CONFIRMED_LABELS[value] }))}
        value={state.confirmed}
        onChange={(value) => {
          const confirmed = scheduleConfirmedFilters.find((known) => known === value);
          if (confirmed) onChange({ confirmed });
        }}
        allowDeselect={false}
        w={phone ? undefined : 140}
      />
      <MultiSelect
        label="Resources"
        placeholder={state.resourceIds.length === 0 ? 'All technicians' : undefined}
        data={(resources.data?.content ?? []).map((person) => ({
          value: String(person.userId),
          label: person.name,
        }))}
        value={state.resourceIds.map(String)}
        onChange={(ids) => onChange({ resourceIds: ids.map(Number) })}
        searchable
        clearable
        nothingFoundMessage="No technician matches"
        w={width}
      />
      <MultiSelect
        label="Schedule type"
        placeholder={state.types.length === 0 ? 'All types' : undefined}
        data={SCHEDULE_TYPE_OPTIONS}
        value={state.types}
        onChange={(values) =>
          onChange({
            types: values.flatMap((value) => {
              const type = scheduleTypeSchema.safeParse(value);
              return type.success ? [type.data] : [];
            }),
          })
        }
        clearable
        w={width}
      />
      <Select
        label="Ticket association"
        data={scheduleTicketFilters.map((value) => ({ value, label: TICKET_LABELS[value] }))}
        value={state.tickets}
        onChange={(value) => {
          const tickets = scheduleTicketFilters.find((known) => known === value);
          if (tickets) onChange({ tickets });
        }}
        allowDeselect={false}
        w={phone ? undefined : 170}
      />
    </>
  );
}
