import { Badge, Text } from '@mantine/core';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';

/** Paths of the monitor group screens under a company. */
export const monitorGroupPaths = {
  groups: (companyId: number) => `/user/admin/companies/${companyId}/monitorGroups`,
  group: (companyId: number, monitorGroupId: number) =>
    `/user/admin/companies/${companyId}/monitorGroups/${monitorGroupId}`,
};

/** The provider's rules and groups are the library every company may hold. */
export const isLibrary = (record: { companyId: number }) => record.companyId === PROVIDER_COMPANY_ID;

/** Whose a group or rule is: a 'Library' badge, or the company's name. */
export function CompanyBadge({ group, companyName }: { group: { companyId: number }; companyName: string }) {
  return isLibrary(group) ? (
    <Badge variant="light" color="violet">
      Library
    </Badge>
  ) : (
    <Text size="sm" c="dimmed" span>
      {companyName}
    </Text>
  );
}
