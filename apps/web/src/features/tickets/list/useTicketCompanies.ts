import { useMemo } from 'react';
import { hasPermission } from '@kelvin/domain';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import { useCompanies } from '../../companies/companiesQueries.ts';
import type { TicketCompany } from './ticketListText.ts';

/**
 * The companies whose tickets the user may filter by and open: every readable company for those who may read
 * companies (provider staff), else their own.
 */
export function useTicketCompanies(): readonly TicketCompany[] {
  const current = useCurrentUser().data;
  const permissions = current?.permissions;
  const companies = useCompanies({
    enabled: permissions !== undefined && hasPermission(permissions, { permission: 'companies:read' }),
  });
  return useMemo(() => {
    if (companies.data && companies.data.length > 0)
      return companies.data
        .map((company) => ({ companyId: company.companyId, name: company.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
    if (!current) return [];
    return [{ companyId: current.user.companyId, name: current.subscription.companyName }];
  }, [companies.data, current]);
}
