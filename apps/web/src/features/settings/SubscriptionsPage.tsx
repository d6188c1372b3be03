import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { CompanySubscription } from '@kelvin/contract';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { CompaniesTable } from './subscriptions/CompaniesTable.tsx';
import { CompanyUnitsDrawer } from './subscriptions/CompanyUnitsDrawer.tsx';
import { PlanCards } from './subscriptions/PlanCards.tsx';
import { useSubscriptionsSummary } from './subscriptions/subscriptionsQueries.ts';

/**
 * Settings → Subscriptions (issue 25 item 4): the four plans and what each unlocks, how many companies and units are
 * on each, and the companies with their units' plans. Provider staff change them; customers read their own.
 */
export function SubscriptionsPage() {
  const me = useCurrentUser().data;
  const scope = usePermissionScope();
  const summary = useSubscriptionsSummary();
  const [openCompany, setOpenCompany] = useState<CompanySubscription | null>(null);
  // The server says the same: only the provider's own staff change plans, whatever a customer may write.
  const staff = me?.user.companyId === PROVIDER_COMPANY_ID;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Subscriptions</Title>
        <Text c="dimmed" size="sm">
          {staff
            ? "Which plan each company and unit is on. Set a company's plan in its row; open its units to give some of them a plan of their own."
            : "Your company's plan and your units' plans. To change a plan, contact your service provider."}
        </Text>
      </div>
      {summary.isError ? (
        <QueryError label="plans" error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <PlanCards counts={summary.data?.plans} />
      )}
      <div>
        <Title order={2} size="h3" mb="sm">
          Companies
        </Title>
        <CompaniesTable
          canChangeCompany={(companyId) => staff && scope.forCompany('companies:write', companyId)}
          onOpenUnits={setOpenCompany}
        />
      </div>
      <CompanyUnitsDrawer
        company={openCompany}
        canChange={openCompany !== null && staff && scope.forCompany('assets:write', openCompany.companyId)}
        onClose={() => setOpenCompany(null)}
      />
    </Stack>
  );
}
