import { useState } from 'react';
import { Badge, Button, Group, Image, Modal, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { LinkTabs } from '../../shared/ui/LinkTabs.tsx';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { useCompany, useUpdateCompany } from './companiesQueries.ts';
import { CompanyForm } from './CompanyForm.tsx';
import { CompanyLogoEditor } from './CompanyLogoEditor.tsx';
import { subscriptionPlanLabel } from './subscriptionPlans.ts';

const companyTabs = [
  { path: 'assets', label: 'Assets' },
  { path: 'users', label: 'Users' },
  { path: 'monitorGroups', label: 'Monitor groups' },
  { path: 'contracts', label: 'Contracts' },
  { path: 'warranties', label: 'Warranties' },
] as const;

/** adminCompany: the company's name, plan and logo, its details editor, and its tabs. */
export function CompanyPage() {
  const companyId = useIdParam('companyId');
  const company = useCompany(companyId);
  const updateCompany = useUpdateCompany(companyId);
  const canEdit = usePermissionScope().forCompany('companies:write', companyId);
  const [editing, setEditing] = useState(false);

  return (
    <Stack>
      <QueryState query={company} label="the company">
        {(data) => (
          <>
            <Group justify="space-between" align="flex-start">
              <Group>
                {data.logoUrl !== null && (
                  <Image src={data.logoUrl} alt={`${data.name} logo`} h={48} w="auto" fit="contain" />
                )}
                <Stack gap={2}>
                  <Title order={1}>{data.name}</Title>
                  <Group gap="xs">
                    <Badge variant="light">{subscriptionPlanLabel(data.subscription)}</Badge>
                    {data.netSuiteCustomerInternalId !== null && (
                      <Text size="sm" c="dimmed">
                        NetSuite {data.netSuiteCustomerInternalId}
                      </Text>
                    )}
                    {data.isDeleted && <Badge color="red">Deleted</Badge>}
                  </Group>
                </Stack>
              </Group>
              {canEdit && !data.isDeleted && (
                <Button variant="light" onClick={() => setEditing(true)}>
                  Edit company
                </Button>
              )}
            </Group>
            <Modal opened={editing} onClose={() => setEditing(false)} title="Edit company" size="lg">
              <Stack gap="xl">
                <CompanyForm
                  initial={data}
                  submitLabel="Save company"
                  onCancel={() => setEditing(false)}
                  onSubmit={(fields) =>
                    updateCompany.mutateAsync(fields).then(() => {
                      toastsFor('Company saved').onSuccess();
                      setEditing(false);
                    }, failWithToast)
                  }
                />
                <CompanyLogoEditor company={data} />
              </Stack>
            </Modal>
          </>
        )}
      </QueryState>
      <LinkTabs tabs={companyTabs} label="Company sections" />
      <Outlet />
    </Stack>
  );
}
