import { useState } from 'react';
import { Badge, Button, Checkbox, Drawer, Group, Select, Stack, Text } from '@mantine/core';
import type { CompanySubscription, UnitSubscription } from '@kelvin/contract';
import { toastsFor } from '../../../shared/api/mutationToasts.ts';
import { PagedTable, type PagedTableColumn } from '../../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../../shared/ui/QueryState.tsx';
import { plural } from './PlanCards.tsx';
import { asPlan, COMPANY_PLAN, planName, planOptions } from './planOptions.ts';
import { UNITS_PAGE_SIZE, useSubscriptionChanges, useUnitSubscriptions } from './subscriptionsQueries.ts';

interface Props {
  company: CompanySubscription | null;
  /** Provider staff with assets:write on the company: choose units and set their plan at once. */
  canChange: boolean;
  onClose: () => void;
}

/** A company's units with their plans; staff select some and set their plan, or return them to the company's. */
export function CompanyUnitsDrawer({ company, canChange, onClose }: Props) {
  return (
    <Drawer
      opened={company !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={company ? `Units of ${company.name}` : 'Units'}
    >
      {company && <UnitsList key={company.companyId} company={company} canChange={canChange} />}
    </Drawer>
  );
}

function UnitsList({ company, canChange }: { company: CompanySubscription; canChange: boolean }) {
  const [pageNumber, setPageNumber] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [target, setTarget] = useState<string>(COMPANY_PLAN);
  const query = useUnitSubscriptions(company.companyId, pageNumber);
  const { setUnits } = useSubscriptionChanges();
  const rows = query.data?.content;
  const toggle = (assetId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(assetId)) next.delete(assetId);
      else next.add(assetId);
      return next;
    });
  const allOnPage = rows !== undefined && rows.length > 0 && rows.every((row) => selected.has(row.assetId));

  const columns: PagedTableColumn<UnitSubscription>[] = [
    ...(canChange
      ? [
          {
            key: 'select',
            header: (
              <Checkbox
                aria-label="Select every unit on this page"
                checked={allOnPage}
                onChange={() =>
                  setSelected((current) => {
                    const next = new Set(current);
                    for (const row of rows ?? []) {
                      if (allOnPage) next.delete(row.assetId);
                      else next.add(row.assetId);
                    }
                    return next;
                  })
                }
              />
            ),
            width: 48,
            hideable: false,
            cell: (row: UnitSubscription) => (
              <Checkbox
                aria-label={`Select ${row.name}`}
                checked={selected.has(row.assetId)}
                onChange={() => toggle(row.assetId)}
              />
            ),
          },
        ]
      : []),
    { key: 'name', header: 'Unit', cell: (row) => row.name },
    {
      key: 'plan',
      header: 'Plan',
      cell: (row) => (
        <Group gap={6}>
          <Badge variant="light" tt="none">
            {planName(row.plan)}
          </Badge>
          {row.subscription === null && (
            // Not dimmed: it is read on striped and hovered rows, where a dimmed grey falls below contrast.
            <Text size="xs">the company&apos;s</Text>
          )}
        </Group>
      ),
    },
  ];

  const apply = () => {
    const subscription = target === COMPANY_PLAN ? null : (asPlan(target) ?? null);
    const assetIds = [...selected];
    setUnits.mutate(
      { assetIds, subscription },
      toastsFor(
        `${plural(assetIds.length, 'unit', 'units')} now on ${subscription ? planName(subscription) : "the company's plan"}`,
        () => setSelected(new Set()),
      ),
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A unit without a plan of its own is on its company&apos;s plan ({planName(company.plan)}).
        {canChange ? '' : ' Plans are changed by the provider’s staff.'}
      </Text>
      {canChange && (
        <Group align="flex-end" gap="sm">
          <Select
            label="Plan for the selected units"
            data={[{ value: COMPANY_PLAN, label: "The company's plan" }, ...planOptions]}
            value={target}
            allowDeselect={false}
            onChange={(value) => setTarget(value ?? COMPANY_PLAN)}
            w={{ base: '100%', sm: 300 }}
          />
          <Button onClick={apply} disabled={selected.size === 0} loading={setUnits.isPending}>
            {selected.size === 0 ? 'Set plan' : `Set plan of ${plural(selected.size, 'unit', 'units')}`}
          </Button>
        </Group>
      )}
      {query.isError ? (
        <QueryError label="units" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PagedTable
          label={`Units of ${company.name}`}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.assetId}
          totalSize={query.data?.pageable.totalSize}
          pageSize={UNITS_PAGE_SIZE}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          fetching={query.isFetching && !query.isPending}
          countLabel={(n) => plural(n, 'unit', 'units')}
          empty="This company has no units you can see. Units are added under Devices."
        />
      )}
    </Stack>
  );
}
