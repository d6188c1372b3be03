import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Table, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useCompanies, useCreateCompany } from './companiesQueries.ts';
import { CompanyForm } from './CompanyForm.tsx';
import { subscriptionPlanLabel } from './subscriptionPlans.ts';

/** adminCompaniesIndex: every company the user may read, searchable by name or NetSuite id. */
export function CompaniesIndexPage() {
  const companies = useCompanies();
  const createCompany = useCreateCompany();
  // Spec note: the create form is shown only with companies:write on every company.
  const canCreate = usePermissionScope().forAll('companies:write');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const needle = search.trim().toLowerCase();

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Companies</Title>
        {canCreate && <Button onClick={() => setCreating(true)}>Create company</Button>}
      </Group>
      <TextInput
        label="Search companies"
        placeholder="Name or NetSuite id"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <QueryState query={companies} label="companies">
        {(list) => {
          const shown = list.filter(
            (company) =>
              company.name.toLowerCase().includes(needle) ||
              (company.netSuiteCustomerInternalId ?? '').toLowerCase().includes(needle),
          );
          if (shown.length === 0) {
            return (
              <EmptyState>
                {needle ? 'No company matches the search.' : 'There are no companies yet.'}
              </EmptyState>
            );
          }
          return (
            <Table striped highlightOnHover aria-label="Companies">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>NetSuite customer internal id</Table.Th>
                  <Table.Th>Plan</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((company) => (
                  <Table.Tr key={company.companyId}>
                    <Table.Td>
                      <Anchor component={Link} to={`${company.companyId}`}>
                        {company.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{company.netSuiteCustomerInternalId ?? '—'}</Table.Td>
                    <Table.Td>{subscriptionPlanLabel(company.subscription)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          );
        }}
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Create company">
        <CompanyForm
          submitLabel="Create company"
          onCancel={() => setCreating(false)}
          onSubmit={(fields) =>
            createCompany.mutateAsync(fields).then((company) => {
              toastsFor(`Company ${company.name} created`).onSuccess();
              setCreating(false);
              void navigate(`${company.companyId}`);
            }, failWithToast)
          }
        />
      </Modal>
    </Stack>
  );
}
