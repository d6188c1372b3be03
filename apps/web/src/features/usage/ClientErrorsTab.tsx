import { Accordion, Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { ClientErrorGroup } from '@kelvin/contract';
import { browserTimeZone, formatDateTime } from '../../shared/formatting/dateTime.ts';
import { EmptyState } from '../../shared/ui/QueryState.tsx';

/** Client error groups, most recent first: what broke, how often, when and where, with a sample stack. */
export function ClientErrorsTab({ groups }: { groups: readonly ClientErrorGroup[] }) {
  const zone = browserTimeZone();
  if (groups.length === 0) {
    return <EmptyState>No errors reported by browsers in this range.</EmptyState>;
  }
  return (
    <Accordion variant="separated" multiple>
      {groups.map((group) => (
        <Accordion.Item key={group.fingerprint} value={group.fingerprint}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" fw={500} lineClamp={2} style={{ wordBreak: 'break-word' }}>
                {group.name}: {group.message}
              </Text>
              <Badge variant="light" style={{ flexShrink: 0 }} aria-label={`${group.count} reports`}>
                {group.count.toLocaleString('en-US')}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="sm">
                First seen {formatDateTime(Date.parse(group.firstSeenAt), zone)} · last seen{' '}
                {formatDateTime(Date.parse(group.lastSeenAt), zone)}
              </Text>
              <Text size="sm">
                Screen: {group.path ?? 'unknown'} · Release: {group.release ?? 'unknown'}
              </Text>
              {group.stack ? (
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {group.stack}
                </Code>
              ) : (
                <Text size="sm" c="dimmed">
                  No stack was reported.
                </Text>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
