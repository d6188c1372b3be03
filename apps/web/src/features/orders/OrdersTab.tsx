import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { SalesOrdersRow, SalesOrdersTab } from '@kelvin/contract';
import { ACCOUNTING_LIST_PAGE_SIZE } from '@kelvin/contract';
import { PagedTable, pageRange, type PagedTableSort } from '../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useCompanies } from '../companies/companiesQueries.ts';
import { orderColumns, type OrderAction } from './orderColumns.tsx';
import { useOrdersTab } from './ordersQueries.ts';

const TAB_NAMES: Record<SalesOrdersTab, string> = {
  PENDING: 'Tickets Pending Sales Order',
  IN_PROCESS: 'Tickets In Process of Sales Order',
  CLOSED: 'Closed Sales Orders',
};

const EMPTY: Record<SalesOrdersTab, string> = {
  PENDING:
    'No ticket is pending a sales order. A billable ticket appears here once it is marked billable and not covered by a contract or warranty.',
  IN_PROCESS:
    'No sales order is in process. Process a ticket on the Tickets Pending Sales Order tab to create one.',
  CLOSED:
    'No sales order is closed yet. Close an order on the Tickets In Process of Sales Order tab once it is billed.',
};

/** One tab of the orders page: its server-paged grid (20 a page), sorted and filtered by company. */
export function OrdersTab({
  tab,
  onAction,
}: {
  tab: SalesOrdersTab;
  onAction: (action: OrderAction, row: SalesOrdersRow) => void;
}) {
  const [pageNumber, setPageNumber] = useState(0);
  const [sort, setSort] = useState<PagedTableSort | undefined>(undefined);
  const [companyIds, setCompanyIds] = useState<number[] | null>(null);
  const companies = useCompanies();
  const options = (companies.data ?? []).map((company) => ({
    value: String(company.companyId),
    label: company.name,
  }));
  const page = useOrdersTab(tab, pageNumber, companyIds, sort);
  const columns = orderColumns(
    tab,
    {
      options,
      selected: companyIds === null ? options.map((option) => option.value) : companyIds.map(String),
      onChange: (selected) => {
        setCompanyIds(selected.length === options.length ? null : selected.map(Number));
        setPageNumber(0);
      },
    },
    onAction,
  );
  const totalSize = page.data?.pageable.totalSize;
  return (
    <Stack pt="md">
      {page.isError && (
        <QueryError label={TAB_NAMES[tab]} error={page.error} onRetry={() => void page.refetch()} />
      )}
      <PagedTable
        label={TAB_NAMES[tab]}
        columns={columns}
        rows={page.isError ? [] : page.data?.content}
        rowKey={(row) => row.ticketId}
        totalSize={totalSize}
        pageSize={ACCOUNTING_LIST_PAGE_SIZE}
        pageNumber={pageNumber}
        onPageChange={setPageNumber}
        fetching={page.isPlaceholderData}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPageNumber(0);
        }}
        countLabel={(n) => pageRange(pageNumber, ACCOUNTING_LIST_PAGE_SIZE, n)}
        minWidth={1100}
        cardsBelow="48em"
        columnsKey={`orders-${tab}`}
        empty={
          companyIds !== null && companyIds.length === 0
            ? 'No company is chosen: choose one or more in the Company filter.'
            : companyIds !== null
              ? 'No ticket of the chosen companies is here.'
              : EMPTY[tab]
        }
      />
    </Stack>
  );
}
