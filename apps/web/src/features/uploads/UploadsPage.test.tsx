import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileAttachment } from '@kelvin/contract';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { UploadsPage } from './UploadsPage.tsx';

afterEach(() => vi.unstubAllGlobals());

// Local times, so that the expected text holds in any time zone.
const created = new Date(2025, 2, 4, 15, 7).toISOString();
const updated = new Date(2025, 10, 21, 9, 5).toISOString();

function row(overrides: Partial<FileAttachment>): FileAttachment {
  return {
    fileAttachmentId: 1,
    requestId: '6f1c2a9e-0000-4000-8000-000000000001',
    userId: 5,
    userName: 'Paula Provider',
    createdAt: created,
    updatedAt: updated,
    deletedAt: null,
    contentType: 'application/gzip',
    filename: 'readings.csv.gz',
    filepath: 'asset-data/1/x.gz',
    fileSizeInBytes: 2_500_000,
    status: 'INGESTED',
    failureReason: null,
    ...overrides,
  };
}

const rows = [
  row({ fileAttachmentId: 3, status: 'SCHEDULED_FOR_PROCESSING', filename: 'late.csv.gz' }),
  row({
    fileAttachmentId: 2,
    status: 'ERROR',
    failureReason: 'Line 17: value must be a number, boolean or text.',
  }),
  row({ fileAttachmentId: 1 }),
];

function statusesOf(request: FakeRequest): unknown {
  const body = request.body;
  return typeof body === 'object' && body !== null && 'filter' in body ? body.filter : undefined;
}

function renderPage(content: FileAttachment[], totalSize = content.length) {
  const api = fakeApi([
    {
      method: 'POST',
      path: /^\/fileAttachments\.list$/,
      reply: (request) => {
        const filter = statusesOf(request);
        const wanted =
          typeof filter === 'object' &&
          filter !== null &&
          'statuses' in filter &&
          Array.isArray(filter.statuses)
            ? filter.statuses
            : undefined;
        const shown = wanted ? content.filter((entry) => wanted.includes(entry.status)) : content;
        return {
          body: {
            content: shown,
            pageable: { totalSize: wanted ? shown.length : totalSize, pageSize: 50, pageNumber: 0 },
          },
        };
      },
    },
  ]);
  renderWithRouter([{ path: '/', element: <UploadsPage /> }]);
  return api;
}

// Pressing through popovers with userEvent takes seconds on a busy machine.
describe('UploadsPage', { timeout: 30_000 }, () => {
  it('shows the count, the spec columns and rows with statuses, sizes, initials and formatted dates', async () => {
    const api = renderPage(rows, 120);
    expect(await screen.findByText('120 Uploads Found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Asset Data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Uploads' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'ID',
      'Request ID',
      'Status',
      'File Name',
      'Content-Type',
      'File Size',
      'User',
      'Created',
      'Updated',
      'Failure Reason',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('expected rows');
    expect(within(first).getByText('Scheduled')).toBeInTheDocument();
    expect(within(first).getByText('late.csv.gz')).toBeInTheDocument();
    expect(within(first).getByText('2.5 MB')).toBeInTheDocument();
    expect(within(first).getByText('Mar 4 2025, 03:07 PM')).toBeInTheDocument();
    expect(within(first).getByText('Nov 21 2025, 09:05 AM')).toBeInTheDocument();
    const user = within(first).getByRole('img', { name: 'Paula Provider' });
    expect(user).toHaveTextContent('PP');
    expect(within(second).getByText('Line 17: value must be a number, boolean or text.')).toBeInTheDocument();

    // Server paging: 120 rows are three pages of 50.
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(api.requests[0]?.body).toEqual({
      filter: {},
      pageableQuery: { type: 'PAGED', pageSize: 50, pageNumber: 0, sort: [] },
    });
  });

  it("filters by the Status column's set filter on the server, Scheduled standing for SCHEDULED_FOR_PROCESSING", async () => {
    const user = userEvent.setup();
    const api = renderPage(rows);
    await screen.findByText('3 Uploads Found');

    const filterButton = screen.getByRole('button', { name: 'Filter Status' });
    await user.click(filterButton);
    const list = await screen.findByRole('group', { name: 'Status filter' });
    await user.click(within(list).getByRole('button', { name: 'Select none' }));
    // None chosen: no row can match, so the server is not asked and the page says how to get rows back.
    expect(await screen.findByText(/No status is chosen/)).toBeInTheDocument();
    await user.click(within(list).getByRole('checkbox', { name: 'ERROR' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Scheduled' }));

    await waitFor(() => expect(screen.getByText('2 Uploads Found')).toBeInTheDocument());
    // In the statuses' order, whatever order they were clicked in.
    expect(statusesOf(api.requests.at(-1) ?? { method: '', path: '', body: null })).toEqual({
      statuses: ['SCHEDULED_FOR_PROCESSING', 'ERROR'],
    });
    expect(screen.getByRole('button', { name: 'Filter Status, 2 of 6 chosen' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Uploads' });
    // The body's rows (tests render popovers in place, so the header holds the filter's own labels).
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Scheduled'),
      expect.stringContaining('ERROR'),
    ]);

    await user.click(within(list).getByRole('button', { name: 'Select all' }));
    await waitFor(() => expect(screen.getByText('3 Uploads Found')).toBeInTheDocument());
    expect(statusesOf(api.requests.at(-1) ?? { method: '', path: '', body: null })).toEqual({});
  });

  it('sorts by a column on the server, a second press turning the order round', async () => {
    const user = userEvent.setup();
    const api = renderPage(rows);
    await screen.findByText('3 Uploads Found');
    const sortOf = () => {
      const body = api.requests.at(-1)?.body;
      return typeof body === 'object' && body !== null && 'pageableQuery' in body
        ? body.pageableQuery
        : undefined;
    };
    await user.click(screen.getByRole('button', { name: 'Sort by File Name' }));
    await waitFor(() =>
      expect(sortOf()).toMatchObject({ sort: [{ property: 'filename', direction: 'ASC' }] }),
    );
    expect(screen.getByRole('columnheader', { name: /File Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Sort by File Name, now ascending' }));
    await waitFor(() =>
      expect(sortOf()).toMatchObject({ sort: [{ property: 'filename', direction: 'DESC' }] }),
    );
    expect(screen.getByRole('columnheader', { name: /File Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('has an empty state', async () => {
    renderPage([]);
    expect(await screen.findByText('0 Uploads Found')).toBeInTheDocument();
    expect(screen.getByText(/No asset data has been uploaded yet/)).toBeInTheDocument();
    // The headers stay, so that a filter that matches nothing can be undone.
    expect(screen.getByRole('button', { name: 'Filter Status' })).toBeInTheDocument();
  });
});
