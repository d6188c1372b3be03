import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Usage } from '@kelvin/contract';
import type { ChartSeries } from '../../shared/charts/chartData.ts';
import { paletteColor } from '../../shared/charts/palette.ts';
import { TimeSeriesChart } from '../../shared/charts/TimeSeriesChart.tsx';
import { EmptyState } from '../../shared/ui/QueryState.tsx';

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const whole = (value: number | null) => (value === null ? '–' : Math.round(value).toLocaleString('en-US'));

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p={{ base: 'xs', xs: 'md' }}>
      <Text size="sm" c="dimmed" truncate>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value.toLocaleString('en-US')}
      </Text>
    </Paper>
  );
}

/** Per day from the usage answer: active users and page views, and each event name's count (zero days kept). */
function chartSeries(usage: Usage) {
  const timestamps = usage.days.map((day) => dayMs(day.day));
  const activity: ChartSeries[] = [
    { key: 'users', label: 'Active users', values: usage.days.map((d) => d.activeUsers) },
    { key: 'views', label: 'Page views', values: usage.days.map((d) => d.pageViews) },
  ].map((one, index) => ({ ...one, timestamps, step: false, color: paletteColor(index) }));
  const events: ChartSeries[] = usage.eventNames.slice(0, 6).map(({ name }, index) => {
    const counts = new Map(
      usage.eventsByDay.filter((row) => row.name === name).map((row) => [row.day, row.count]),
    );
    return {
      key: name,
      label: name,
      timestamps,
      values: usage.days.map((d) => counts.get(d.day) ?? 0),
      step: false,
      color: paletteColor(index),
    };
  });
  return { activity, events };
}

/** The usage figures of a range: totals, a chart per day, the most viewed screens and the events. */
export function UsageActivity({ usage }: { usage: Usage }) {
  const range = { from: dayMs(usage.from), to: dayMs(usage.to) + DAY_MS };
  const { activity, events } = chartSeries(usage);
  return (
    <Stack>
      <SimpleGrid cols={3} spacing={{ base: 'xs', xs: 'md' }}>
        <Figure label="Active users" value={usage.activeUsers} />
        <Figure label="Page views" value={usage.pageViews} />
        <Figure label="Events" value={usage.events} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Active users and page views per day
        </Title>
        <TimeSeriesChart
          title="Active users and page views per day"
          series={activity}
          range={range}
          timeZone="UTC"
          height={220}
          formatValue={whole}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Most viewed screens
          </Title>
          {usage.screens.length === 0 ? (
            <EmptyState>No page views in this range. Screens appear here once users open them.</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Screen</Table.Th>
                    <Table.Th ta="right">Views</Table.Th>
                    <Table.Th ta="right">Users</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {usage.screens.map((screen) => (
                    <Table.Tr key={screen.path}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{screen.path}</Table.Td>
                      <Table.Td ta="right">{screen.views.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{screen.users.toLocaleString('en-US')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Events over time
          </Title>
          {events.length === 0 ? (
            <EmptyState>
              No events in this range: tickets created, problems acknowledged and exports downloaded are
              counted here.
            </EmptyState>
          ) : (
            <Stack>
              <TimeSeriesChart
                title="Events per day"
                series={events}
                range={range}
                timeZone="UTC"
                height={160}
                formatValue={whole}
              />
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Event</Table.Th>
                    <Table.Th ta="right">Count</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {usage.eventNames.map((event) => (
                    <Table.Tr key={event.name}>
                      <Table.Td>{event.name}</Table.Td>
                      <Table.Td ta="right">{event.count.toLocaleString('en-US')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
