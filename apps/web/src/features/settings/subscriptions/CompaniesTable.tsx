import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconStack2 } from '@tabler/icons-react';
import { subscriptionPlans, type CompanySubscription } from '@kelvin/contract';
import { toastsFor } from '../../../shared/api/mutationToasts.ts';
import { PagedTable, type PagedTableColumn } from '../../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../../shared/ui/QueryState.tsx';
import { plural } from './PlanCards.tsx';
import { asPlan, planName, planOptions } from './planOptions.ts';
import {
  COMPANIES_PAGE_SIZE,
  useCompanySubscriptions,
  useSubscriptionChanges,
  type CompanyListFilter,
} from './subscriptionsQueries.ts';

interface Props {
  /** Whether the user may change this company's plan (provider staff with companies:write on it). */
  canChangeCompany: (companyId: number) => boolean;
  onOpenUnits: (company: CompanySubscription) => void;
}

/** Companies with their plan and their units' plans, paged by the server, searchable and filtered by plan. */
export function CompaniesTable({ canChangeCompany, onOpenUnits }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [plan, setPlan] = useState<CompanyListFilter['plan']>(null);
  const [pageNumber, setPageNumber] = useState(0);
  const query = useCompanySubscriptions({ search: debounced, plan }, pageNumber);
  const { setCompany } = useSubscriptionChanges();

  const columns: PagedTableColumn<CompanySubscription>[] = [
    {
      key: 'name',
      header: 'Company',
      cell: (row) => (
        <Text fw={500} size="sm">
          {row.name}
        </Text>
      ),
    },
    {
      key: 'plan',
      header: 'Company plan',
      width: 260,
      cell: (row) =>
        canChangeCompany(row.companyId) ? (
          <Select
            aria-label={`Plan of ${row.name}`}
            data={planOptions}
            value={row.plan}
            allowDeselect={false}
            disabled={setCompany.isPending && setCompany.variables.companyId === row.companyId}
            onChange={(value) => {
              const next = asPlan(value);
              if (next && next !== row.plan)
                setCompany.mutate(
                  { companyId: row.companyId, subscription: next },
                  toastsFor(`${row.name} is on ${planName(next)}`),
                );
            }}
            size="xs"
          />
        ) : (
          <Badge variant="light" tt="none">
            {planName(row.plan)}
          </Badge>
        ),
    },
    {
      key: 'units',
      header: 'Units by plan',
      cell: (row) =>
        row.unitCount === 0 ? (
          <Text size="sm" c="dimmed">
            No units
          </Text>
        ) : (
          <Group gap={4}>
            {subscriptionPlans
              .filter((p) => row.unitsByPlan[p] > 0)
              .map((p) => (
                <Badge key={p} variant="outline" color="gray" tt="none">
                  {planName(p)}: {row.unitsByPlan[p]}
                </Badge>
              ))}
          </Group>
        ),
    },
    {
      key: 'open',
      header: 'Units',
      width: 130,
      hideable: false,
      cell: (row) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconStack2 size={14} aria-hidden />}
          onClick={() => onOpenUnits(row)}
          aria-label={`${plural(row.unitCount, 'unit', 'units')} of ${row.name}`}
        >
          {plural(row.unitCount, 'unit', 'units')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search companies"
          placeholder="Company name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPageNumber(0);
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Plan"
          placeholder="All plans"
          data={planOptions}
          value={plan}
          clearable
          onChange={(value) => {
            setPlan(asPlan(value) ?? null);
            setPageNumber(0);
          }}
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      {query.isError ? (
        <QueryError label="companies" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PagedTable
          label="Companies and their plans"
          columns={columns}
          rows={query.data?.content}
          rowKey={(row) => row.companyId}
          totalSize={query.data?.pageable.totalSize}
          pageSize={COMPANIES_PAGE_SIZE}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          fetching={query.isFetching && !query.isPending}
          countLabel={(n) => plural(n, 'company', 'companies')}
          cardsBelow="48em"
          empty={
            debounced.trim() !== '' || plan !== null
              ? 'No company matches. Clear the search or the plan filter.'
              : 'No companies yet. Companies are added under Companies.'
          }
        />
      )}
    </Stack>
  );
}
