import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { ticketColumns } from './ticketColumns.tsx';
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
