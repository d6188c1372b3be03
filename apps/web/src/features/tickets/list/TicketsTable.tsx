import { useMemo } from 'react';
import type { TicketListFilter } from '@kelvin/contract';
import { PagedTable, pageRange } from '../../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../../shared/ui/QueryState.tsx';
import { TicketCardBody } from './TicketCardBody.tsx';
import { TICKET_COLUMNS_HIDDEN_BY_DEFAULT, ticketColumns } from './ticketColumns.tsx';
import { useTicketList } from './ticketListQueries.ts';
import { ticketListFilter, type TicketListState } from './ticketListState.ts';
import { ticketsEmptyText, type TicketCompany } from './ticketListText.ts';
import type { TicketListChange } from './useTicketListState.ts';
import { TICKET_PAGE_SIZE } from '@kelvin/contract';

export interface TicketsTableProps {
  state: TicketListState;
  onChange: (change: TicketListChange) => void;
  companies: readonly TicketCompany[];
  /** Narrows every request (an asset's tab, a group of the group view). */
  scope?: TicketListFilter;
  label?: string;
  showCompany?: boolean;
  /** What an unfiltered empty list says: how to get a ticket there. */
  emptyHint: string;
  /** Below this width the table scrolls sideways; left out, the sum of the shown columns' widths. */
  minWidth?: number;
  /** Names the column choice kept in localStorage. */
  columnsKey?: string;
}

/** Tickets in the console's server-paged grid: 25 a page, sorted by any sortable column, filtered by set. */
export function TicketsTable(props: TicketsTableProps) {
  const { state, onChange, scope } = props;
  const filter = useMemo(() => ticketListFilter(state, scope), [state, scope]);
  const tickets = useTicketList(filter, state.page, state.sort);
  const columns = ticketColumns({
    state,
    onChange,
    companies: props.companies,
    showCompany: props.showCompany,
  });
  return (
    <>
      {tickets.isError && (
        <QueryError label="tickets" error={tickets.error} onRetry={() => void tickets.refetch()} />
      )}
      <PagedTable
        label={props.label ?? 'Tickets'}
        columns={columns}
        rows={tickets.isError ? [] : tickets.data?.content}
        rowKey={(ticket) => ticket.ticketId}
        totalSize={tickets.data?.pageable.totalSize}
        pageSize={TICKET_PAGE_SIZE}
        pageNumber={state.page}
        onPageChange={(page) => onChange({ page })}
        fetching={tickets.isPlaceholderData}
        sort={state.sort}
        onSortChange={(sort) => onChange({ sort })}
        totalIsLowerBound={tickets.data?.pageable.totalSizeIsLowerBound}
        countLabel={(n, atLeast) =>
          n === 1 && !atLeast
            ? '1 ticket'
            : `${n}${atLeast ? '+' : ''} tickets · ${pageRange(state.page, TICKET_PAGE_SIZE, n, atLeast)}`
        }
        minWidth={props.minWidth}
        // Laid out by the columns' widths: one-line rows whose long titles are cut, not rows three lines tall.
        fixedLayout
        defaultHiddenColumns={TICKET_COLUMNS_HIDDEN_BY_DEFAULT}
        cardsBelow="48em"
        card={(ticket) => <TicketCardBody ticket={ticket} showStatus />}
        columnsKey={props.columnsKey}
        empty={ticketsEmptyText(state, props.emptyHint)}
      />
    </>
  );
}
