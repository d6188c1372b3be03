import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { EmptyState, QueryError } from '../../../shared/ui/QueryState.tsx';
import { useCoreEnumOptions } from '../../tickets/coreEnumsQuery.ts';
import { formEditorPaths } from './formEditorAccess.ts';
import { useFormDefinitionList, type FormDefinitionSummary } from './formEditorQueries.ts';
import { PROVIDER_STAFF_ONLY, useIsProviderStaff } from './FormEditorPage.tsx';

const COLUMNS = ['Form', 'Version', 'Ticket types', 'Elements', 'Updated'] as const;
type Column = (typeof COLUMNS)[number];
/** On a phone the name, version and date stay; the ticket types and the count wait for a wider screen. */
const columnProps = (column: Column) =>
  column === 'Ticket types' || column === 'Elements'
    ? { visibleFrom: 'sm' }
    : column === 'Version'
      ? { ta: 'right' as const, w: 80 }
      : {};

function FormRow({ form, typeLabel }: { form: FormDefinitionSummary; typeLabel: (value: number) => string }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={formEditorPaths.form(form.formId)} fw={500}>
          {form.label}
        </Anchor>
      </Table.Td>
      <Table.Td {...columnProps('Version')}>{form.latestVersion}</Table.Td>
      <Table.Td {...columnProps('Ticket types')}>
        {form.ticketTypeValues.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Group gap={4}>
            {form.ticketTypeValues.map((value) => (
              <Badge key={value} variant="default" size="sm">
                {typeLabel(value)}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td {...columnProps('Elements')}>{form.elementCount}</Table.Td>
      <Table.Td {...columnProps('Updated')}>
        {formatDateTime(Date.parse(form.updatedAt), userTimeZone())}
      </Table.Td>
    </Table.Tr>
  );
}

/** adminFormsView: every form definition with its latest version, its ticket types and when it last changed. */
export function FormListPage() {
  const forms = useFormDefinitionList();
  const staff = useIsProviderStaff();
  const ticketTypes = useCoreEnumOptions('ticketType');
  const typeLabel = (value: number) =>
    ticketTypes.find((option) => option.value === String(value))?.label ?? String(value);
  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1}>Forms</Title>
          <Text size="sm" c="dimmed">
            The checklists technicians fill in on tickets. Saving a form makes a new version; forms filled
            before keep theirs.
          </Text>
        </Stack>
        {staff === true && (
          <Button component={Link} to={formEditorPaths.create} leftSection={<IconPlus size={16} />}>
            New form
          </Button>
        )}
      </Group>
      {staff === false && <Alert color="yellow">{PROVIDER_STAFF_ONLY}</Alert>}
      {forms.isError ? (
        <QueryError label="the forms" error={forms.error} onRetry={() => void forms.refetch()} />
      ) : forms.data?.length === 0 ? (
        <EmptyState>No forms yet. Create one with New form.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table striped highlightOnHover aria-label="Forms" aria-busy={forms.isPending}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column} {...columnProps(column)}>
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forms.data
                ? forms.data.map((form) => <FormRow key={form.formId} form={form} typeLabel={typeLabel} />)
                : [0, 1, 2].map((row) => (
                    <Table.Tr key={row}>
                      {COLUMNS.map((column) => (
                        <Table.Td key={column} {...columnProps(column)}>
                          <Skeleton height={12} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
