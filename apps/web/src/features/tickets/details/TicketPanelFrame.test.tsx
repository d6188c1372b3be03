import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { TicketPanelFrame, TicketPanelTable, type TicketPanelQuery } from './TicketPanelFrame.tsx';

const loaded: TicketPanelQuery = { isPending: false, isError: false, error: null, refetch: () => undefined };

function renderFrame(
  query: TicketPanelQuery,
  options: { isEmpty?: boolean; loading?: boolean; onAdd?: () => void } = {},
) {
  return renderWithRouter([
    {
      path: '/',
      element: (
        <TicketPanelFrame
          titleId="frame-title"
          title="Widgets (2)"
          action={<span>3 in total</span>}
          button={{ label: 'Add widget', icon: null, onClick: options.onAdd ?? (() => undefined) }}
          notice={<p>A notice</p>}
          query={query}
          errorTitle="Widgets could not be loaded"
          items={options.isEmpty ? [] : [1, 2]}
          empty="No widgets yet."
          {...(options.loading ? { loading: <p>Loading widgets</p> } : {})}
          footer={<p>A footer</p>}
        >
          <ul aria-label="Widgets" />
        </TicketPanelFrame>
      ),
    },
  ]);
}

describe('the frame of a ticket panel', () => {
  it('is a section named by its heading, with the action, button, notice, content and footer', async () => {
    const onAdd = vi.fn();
    renderFrame(loaded, { onAdd });
    const section = screen.getByRole('region', { name: 'Widgets (2)' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Widgets (2)' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add widget' })).toBeInTheDocument();
    expect(within(section).getByText('3 in total')).toBeInTheDocument();
    expect(within(section).getByText('A notice')).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Widgets' })).toBeInTheDocument();
    expect(within(section).getByText('A footer')).toBeInTheDocument();
    expect(screen.queryByText('No widgets yet.')).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Add widget' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('says so when the list is empty, instead of the content', () => {
    renderFrame(loaded, { isEmpty: true });
    expect(screen.getByText('No widgets yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Widgets' })).not.toBeInTheDocument();
  });

  it('shows a failed load with its reason and a retry', async () => {
    const refetch = vi.fn();
    renderFrame({ isPending: false, isError: true, error: new Error('Server unreachable'), refetch });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Widgets could not be loaded');
    expect(alert).toHaveTextContent('Server unreachable');
    expect(screen.queryByRole('list', { name: 'Widgets' })).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows its loading placeholder while the list loads, else the content with its own', () => {
    const pending = { ...loaded, isPending: true };
    const { unmount } = renderFrame(pending, { loading: true });
    expect(screen.getByText('Loading widgets')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Widgets' })).not.toBeInTheDocument();
    unmount();
    renderFrame(pending);
    expect(screen.getByRole('list', { name: 'Widgets' })).toBeInTheDocument();
  });
});

describe('the table of a ticket panel', () => {
  const renderTable = (rows: ReactNode[] | undefined) =>
    renderWithRouter([
      {
        path: '/',
        element: (
          <TicketPanelTable
            label="Widgets"
            headers={[{ label: 'Name' }, { label: 'Size', align: 'right' }]}
            actionsWidth={48}
            rows={rows}
          />
        ),
      },
    ]);

  it('shows two skeleton rows under its headers and an unnamed actions column while the rows load', () => {
    renderTable(undefined);
    const table = screen.getByRole('table', { name: 'Widgets' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Size', 'Actions']);
    expect(within(table).getByRole('columnheader', { name: 'Size' })).toHaveStyle({ textAlign: 'right' });
    const [, ...bodyRows] = within(table).getAllByRole('row');
    expect(bodyRows.map((row) => within(row).getAllByRole('cell').length)).toEqual([3, 3]);
  });

  it('shows the rows once loaded', () => {
    renderTable([
      <Table.Tr key="a">
        <Table.Td>Widget A</Table.Td>
        <Table.Td>2</Table.Td>
        <Table.Td />
      </Table.Tr>,
    ]);
    const table = screen.getByRole('table', { name: 'Widgets' });
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Widget A')).toBeInTheDocument();
  });
});
