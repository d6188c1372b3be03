import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone, formatDate, formatTime } from '../../../shared/formatting/dateTime.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { TICKET_COLUMNS_HIDDEN_BY_DEFAULT, ticketColumns } from './ticketColumns.tsx';
import { defaultTicketListState } from './ticketListState.ts';
import { buildTicketListItem } from './ticketListTestData.ts';

// The billing labels are the details page's (ticketLabels.ts): the list must read them as the spec words them.
describe('the tickets grid billing column', () => {
  const billing = () =>
    ticketColumns({ state: defaultTicketListState(), onChange: () => undefined, companies: [] }).find(
      (column) => column.key === 'billing',
    );

  it('offers every billing state by its spec label in the filter', () => {
    expect(billing()?.filter?.options.map((option) => option.label)).toEqual([
      'Not billable',
      'Pending sales order',
      'Sales order created',
      'Sales order closed',
    ]);
  });

  it("shows a row's billing state by its label", () => {
    const ticket = buildTicketListItem({ netSuiteBillingState: 'PENDING_SALES_ORDER' });
    renderWithRouter([{ path: '/', element: <>{billing()?.cell(ticket)}</> }]);
    expect(screen.getByText('Pending sales order')).toBeInTheDocument();
  });
});

describe('the tickets grid rows', () => {
  afterEach(() => window.localStorage.clear());
  const ticket = buildTicketListItem({
    title: 'Supply air temperature high on CRAH',
    netSuiteBillingState: 'PENDING_SALES_ORDER',
    createdAt: '2026-11-20T10:00:05.000Z',
  });
  const renderGrid = () =>
    renderWithRouter([
      {
        path: '/',
        element: (
          <PagedTable
            label="Tickets"
            columns={ticketColumns({
              state: defaultTicketListState(),
              onChange: () => undefined,
              companies: [],
            })}
            rows={[ticket]}
            rowKey={(row) => row.ticketId}
            totalSize={1}
            pageSize={25}
            pageNumber={0}
            onPageChange={() => undefined}
            empty="None"
            columnsKey="tickets"
            fixedLayout
            defaultHiddenColumns={TICKET_COLUMNS_HIDDEN_BY_DEFAULT}
          />
        ),
      },
    ]);
  const cellOf = (header: string) => {
    const headers = screen.getAllByRole('columnheader');
    const index = headers.findIndex((cell) => cell.textContent.startsWith(header));
    const cell = screen.getAllByRole('cell')[index];
    if (index < 0 || !cell) throw new Error(`no ${header} column`);
    return cell;
  };

  it('puts every cell on one line when compact: title with its assets, billing, the spec date and time', () => {
    renderGrid();
    // One text block each: a one-line row, cut with an ellipsis when the column is narrower.
    const title = cellOf('Title').querySelectorAll('p');
    expect([...title].map((line) => line.textContent)).toEqual([
      'Supply air temperature high on CRAH · CRAH 1',
    ]);
    const created = cellOf('Created').querySelectorAll('p');
    const at = Date.parse(ticket.createdAt);
    expect([...created].map((line) => line.textContent)).toEqual([
      `${formatDate(at, browserTimeZone())} ${formatTime(at, browserTimeZone())}`,
    ]);
    expect(cellOf('Billing')).toHaveTextContent('Pending sales order');
    // The status reads whole as a badge.
    expect(cellOf('Status')).toHaveTextContent('New');
  });

  it('hides severity, type and updated until asked for, and stacks date and time when comfortable', () => {
    renderGrid();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.some((text) => /^(Severity|Type|Updated)/.test(text))).toBe(false);
    expect(headers.some((text) => text.startsWith('Created'))).toBe(true);

    const density = screen.getByRole('radiogroup', { name: 'Row density' });
    fireEvent.click(within(density).getByRole('radio', { name: 'Comfortable' }));
    expect(cellOf('Created').querySelectorAll('p')).toHaveLength(2);
    expect(cellOf('Title').querySelectorAll('p')).toHaveLength(2);
  });
});
