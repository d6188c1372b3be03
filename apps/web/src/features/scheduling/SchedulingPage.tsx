import { useCallback, useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { IconCalendarShare, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useUserTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { useAddressState } from '../../shared/routing/useAddressState.ts';
import { holdsForCompany } from '../../shared/session/permissionScope.ts';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useCompanies } from '../companies/companiesQueries.ts';
import { CalendarFeedPanel } from './feed/CalendarFeedPanel.tsx';
import { TechniciansView } from './technicians/TechniciansView.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { ScheduleLegend } from './ScheduleLegend.tsx';
import { SchedulingCalendar } from './SchedulingCalendar.tsx';
import { SchedulingFilters } from './SchedulingFilters.tsx';
import { stepDay, viewInstants, zonedDay } from './calendarRange.ts';
import { rangeLabel } from './rangeLabel.ts';
import type { ScheduleTarget } from './scheduleDraft.ts';
import { useSchedule, useScheduleResources, useSchedules } from './schedulingQueries.ts';
import { schedulingCodec, schedulingViews, type SchedulingView } from './schedulingState.ts';
import { useScheduleMoves } from './useScheduleMoves.ts';

const VIEW_LABELS: Record<SchedulingView, string> = {
  week: 'Week',
  month: 'Month',
  agenda: 'Agenda',
  technicians: 'Technicians',
};
const HOUR = 3_600_000;
/** Below this width (a phone) the filters wait in a drawer and a week reads as a list of days. */
const PHONE = '(max-width: 47.99em)';

/**
 * scheduling (/user/scheduling, schedules:read; optional scheduleId opens that entry): who goes where, when.
 * Week, month, agenda and technicians side by side; drag to plan, move and resize with schedules:write.
 */
export function SchedulingPage() {
  const [state, setState] = useAddressState(schedulingCodec);
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  // The zone chosen on the screen (kept in the address), else the user's own (General settings).
  const userZone = useUserTimeZone();
  const timeZone = state.timeZone ?? userZone;
  // Today as the screen opened: the calendar does not jump at midnight under the user.
  const [openedAt] = useState(() => Date.now());
  const day = state.date ?? zonedDay(openedAt, timeZone);
  const me = useCurrentUser().data;
  const permissions = me?.permissions;
  // Only those who can be planned (the provider's staff) have entries of their own to subscribe to.
  const plannable = me?.user.companyId === PROVIDER_COMPANY_ID;
  const companies = useCompanies();
  const canWrite = useCallback(
    (companyId: number) =>
      permissions !== undefined && holdsForCompany(permissions, 'schedules:write', companyId),
    [permissions],
  );
  const writable = (companies.data ?? []).filter((company) => canWrite(company.companyId));
  const canCreate = writable.length > 0;

  const range = viewInstants(state.view, day, state.style, timeZone);
  const list = useSchedules({
    ...range,
    ...(state.companyIds.length > 0 ? { companyIds: state.companyIds } : {}),
    ...(state.resourceIds.length > 0 ? { resourceIds: state.resourceIds } : {}),
    ...(state.types.length > 0 ? { types: state.types } : {}),
    confirmed: state.confirmed,
    ticketAssociation: state.tickets,
  });
  const entries = useMemo(() => list.data?.content ?? [], [list.data]);
  const resources = useScheduleResources();
  const people = useMemo(() => resources.data?.content ?? [], [resources.data]);
  const move = useScheduleMoves(entries, people, timeZone);

  const [creating, setCreating] = useState<ScheduleTarget | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const listed = entries.find((entry) => entry.scheduleId === state.scheduleId);
  const fetched = useSchedule(listed === undefined ? state.scheduleId : null);
  const opened = listed ?? fetched.data;
  const defaultCompany =
    state.companyIds.length === 1
      ? (state.companyIds[0] ?? null)
      : writable.length === 1
        ? (writable[0]?.companyId ?? null)
        : null;
  const plan = (startsAt: string, endsAt: string, resourceIds: number[] = []) =>
    setCreating({ kind: 'create', startsAt, endsAt, resourceIds, companyId: defaultCompany });
  const planNext = () => {
    // The next whole hour: a planner opening New entry most often plans something soon.
    const start = Math.ceil(Date.now() / HOUR) * HOUR;
    plan(
      new Date(start).toISOString(),
      new Date(start + 2 * HOUR).toISOString(),
      state.resourceIds.slice(0, 1),
    );
  };

  const technicians =
    state.resourceIds.length > 0
      ? people.filter((person) => state.resourceIds.includes(person.userId))
      : people;
  const calendarMode = state.view === 'week' && phone ? 'agenda' : state.view;
  const empty = list.isSuccess && entries.length === 0;
  const period =
    VIEW_LABELS[state.view] === 'Month' ? 'month' : state.view === 'technicians' ? 'day' : 'week';

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1} size="h2">
            Scheduling
          </Title>
          {!phone && (
            <Text c="dimmed" size="sm">
              Who goes where, when: site visits, travel, remote assists and time off.
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {plannable && phone && (
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Subscribe in your calendar"
              onClick={() => setFeedOpen(true)}
            >
              <IconCalendarShare size={18} />
            </ActionIcon>
          )}
          {plannable && !phone && (
            <Button
              variant="default"
              leftSection={<IconCalendarShare size={16} />}
              onClick={() => setFeedOpen(true)}
            >
              Subscribe in your calendar
            </Button>
          )}
          {canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={planNext}>
              New entry
            </Button>
          )}
        </Group>
      </Group>
      <Modal
        opened={feedOpen}
        onClose={() => setFeedOpen(false)}
        title="Subscribe in your calendar"
        size="lg"
        fullScreen={phone}
      >
        <Text size="sm" mb="sm">
          Your own entries, in the calendar you already use. The same URL is on Settings, General.
        </Text>
        <CalendarFeedPanel />
      </Modal>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Previous ${period}`}
            onClick={() => setState({ date: stepDay(state.view, day, -1) })}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => setState({ date: null })}>
            Today
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Next ${period}`}
            onClick={() => setState({ date: stepDay(state.view, day, 1) })}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <Title order={2} size="h4" ml="xs" aria-live="polite">
            {rangeLabel(state.view, day, state.style)}
          </Title>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            aria-label="Calendar mode"
            size={phone ? 'xs' : 'sm'}
            data={schedulingViews.map((value) => ({ value, label: VIEW_LABELS[value] }))}
            value={state.view}
            onChange={(value) => {
              const view = schedulingViews.find((known) => known === value);
              if (view) setState({ view });
            }}
          />
          {phone && (
            <SchedulingFilters state={state} onChange={setState} day={day} timeZone={timeZone} phone />
          )}
        </Group>
      </Group>
      {!phone && (
        <SchedulingFilters state={state} onChange={setState} day={day} timeZone={timeZone} phone={false} />
      )}
      {list.isError && (
        <QueryError label="schedules" error={list.error} onRetry={() => void list.refetch()} />
      )}
      {list.data?.truncated && (
        <Alert color="yellow" title="Not every entry is shown">
          More entries match than the calendar draws at once: narrow the filters or the period.
        </Alert>
      )}
      {fetched.isError && (
        <Alert
          color="red"
          title={`Unable to open entry ${state.scheduleId ?? ''}`}
          withCloseButton
          onClose={() => setState({ scheduleId: null })}
        >
          {fetched.error.message}
        </Alert>
      )}
      {empty && state.view !== 'agenda' && !(phone && state.view === 'week') && (
        <Text c="dimmed" size="sm" role="status">
          No entries this {period} match the filters.{' '}
          {canCreate ? 'Drag across the calendar or use New entry to plan one.' : ''}
        </Text>
      )}
      <Box pos="relative" mih={200}>
        <LoadingOverlay visible={list.isPending} loaderProps={{ 'aria-label': 'Loading schedules' }} />
        {calendarMode === 'technicians' ? (
          <TechniciansView
            entries={entries}
            technicians={technicians}
            date={day}
            timeZone={timeZone}
            viewStyle={state.style}
            readOnly={!canCreate}
            onSelectRange={(range) => plan(range.start, range.end, [range.userId])}
            onMove={(request) => void move(request)}
            onOpen={(scheduleId) => setState({ scheduleId })}
          />
        ) : (
          <SchedulingCalendar
            mode={calendarMode}
            date={day}
            style={state.style}
            timeZone={timeZone}
            entries={entries}
            canWrite={canWrite}
            canCreate={canCreate}
            onSelectRange={({ startsAt, endsAt }) => plan(startsAt, endsAt, state.resourceIds.slice(0, 1))}
            onMove={(request) => void move(request)}
            onOpen={(scheduleId) => setState({ scheduleId })}
            emptyText={
              canCreate
                ? `No entries this ${period} match the filters. Use New entry to plan one.`
                : `No entries this ${period} match the filters.`
            }
          />
        )}
      </Box>
      <ScheduleLegend />
      {creating && (
        <ScheduleDialog
          target={creating}
          timeZone={timeZone}
          style={state.style}
          canWriteCompany={canWrite}
          onClose={() => setCreating(null)}
        />
      )}
      {!creating && opened && (
        <ScheduleDialog
          key={opened.scheduleId}
          target={{ kind: 'edit', entry: opened }}
          timeZone={timeZone}
          style={state.style}
          canWriteCompany={canWrite}
          onClose={() => setState({ scheduleId: null })}
        />
      )}
    </Stack>
  );
}
