import { useState, type ReactNode } from 'react';
import { Badge, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { grantedValues, PRODUCT_UI_VERSION } from '@kelvin/domain';
import { useMyPreferences } from '../../app/shell/preferencesQueries.ts';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { browserTimeZone, formatDateTime } from '../../shared/formatting/dateTime.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { ErrorDrill } from './test/ErrorDrill.tsx';
import { connectionWords, useLiveConnectionState } from './test/useLiveConnectionState.ts';
import { useServedVersion, useServerHealth } from './test/useServerStatus.ts';

/** The test page (platform-core route 'test'): checks of the console itself, for support and for us. */
export function TestPage() {
  const health = useServerHealth();
  const served = useServedVersion();
  const me = useCurrentUser();
  const preferences = useMyPreferences();
  const live = connectionWords(useLiveConnectionState());
  const browserZone = browserTimeZone();
  const userZone = preferences.data?.timeZoneId ?? browserZone;
  // When the page was opened: one instant, so that the two zones can be compared against a clock.
  const [openedAt] = useState(() => Date.now());

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Test</Title>
        <Text c="dimmed" size="sm">
          Checks of the console itself: the server, your session, the live connection, time zones and error
          reporting.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="Server">
          <QueryState query={health} label="the health check">
            {(answer) => (
              <Row name="Health">
                <Badge variant="light" color={answer.status === 'ok' ? 'green' : 'red'}>
                  {answer.status}
                </Badge>
                <Text size="sm" c="dimmed">
                  in {answer.ms} ms
                </Text>
              </Row>
            )}
          </QueryState>
          <Row name="This tab's version">{PRODUCT_UI_VERSION}</Row>
          <QueryState query={served} label="the served version">
            {(info) => (
              <Row name="Served now">
                {info.version} <Code>{info.build}</Code>
              </Row>
            )}
          </QueryState>
        </Panel>
        <Panel title="Connection and time">
          <Row name="Live connection">
            <Badge color={live.color} variant="light">
              {live.label}
            </Badge>
          </Row>
          <Row name="Browser time zone">{browserZone}</Row>
          <Row name="Your time zone">{userZone}</Row>
          <Row name="Opened, in your zone">{formatDateTime(openedAt, userZone)}</Row>
        </Panel>
      </SimpleGrid>
      <Panel title="Your permissions, as the server sent them">
        <QueryState query={me} label="your permissions">
          {(current) => {
            const names = Object.keys(current.permissions).sort();
            if (names.length === 0)
              return <Text size="sm">You hold no permissions. Ask an administrator for a role.</Text>;
            return (
              <Table striped aria-label="Your permissions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Permission</Table.Th>
                    <Table.Th>Companies</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {names.map((name) => {
                    const companies = grantedValues(current.permissions, name, 'companyId');
                    return (
                      <Table.Tr key={name}>
                        <Table.Td>
                          {/* Long names wrap on a phone rather than push the companies out of view. */}
                          <Code style={{ overflowWrap: 'anywhere' }}>{name}</Code>
                        </Table.Td>
                        <Table.Td>{companies === 'ALL' ? 'All' : companies.join(', ') || 'None'}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            );
          }}
        </QueryState>
      </Panel>
      <Panel title="Error reporting">
        <Text size="sm" mb="sm">
          Raises a client error on purpose. It is reported to the server like any other, and appears among the
          client error reports.
        </Text>
        <ErrorDrill />
      </Panel>
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Card>
  );
}

function Row({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {name}
      </Text>
      <Text
        size="sm"
        component="div"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 6,
          minWidth: 0,
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Text>
    </Group>
  );
}
