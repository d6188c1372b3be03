import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { PagedTable, pageRange, type PagedTableColumn } from './PagedTable.tsx';

interface Row {
  id: number;
  title: string;
}
const columns: PagedTableColumn<Row>[] = [
  { key: 'id', header: 'Id', cell: (row) => row.id },
  { key: 'title', header: 'Title', cell: (row) => row.title },
];

function renderTable(props: { totalSize: number; totalIsLowerBound?: boolean }) {
  return render(
    <MantineProvider>
      <PagedTable
        label="Things"
        columns={columns}
        rows={[{ id: 1, title: 'First' }]}
        rowKey={(row) => row.id}
        pageSize={25}
        pageNumber={0}
        onPageChange={() => undefined}
        empty="Nothing"
        columnsKey="things"
        {...props}
      />
    </MantineProvider>,
  );
}

describe('PagedTable', () => {
  it('resizes a column from the keyboard, keeps the widths per table, and gives them back with Home', () => {
    renderTable({ totalSize: 1 });
    const grip = screen.getByRole('separator', { name: 'Resize Title' });
    const header = screen.getByRole('columnheader', { name: /Title/ });
    // jsdom lays nothing out: the column's drawn width reads 0, so the first step lands on the minimum.
    fireEvent.keyDown(grip, { key: 'ArrowRight' });
    fireEvent.keyDown(grip, { key: 'ArrowRight' });
    expect(grip.getAttribute('aria-valuenow')).toBe('80');
    expect(header.style.width).toBe('80px');
    // The other columns are fixed at their drawn widths (0 in jsdom), and the table is as wide as its columns.
    expect(JSON.parse(window.localStorage.getItem('kelvin.columnWidths.things') ?? '{}')).toEqual({
      id: 0,
      title: 80,
    });
    expect(screen.getByRole('table', { name: 'Things' }).style.width).toBe('80px');
    fireEvent.keyDown(grip, { key: 'ArrowLeft' });
    expect(header.style.width).toBe('64px');
    fireEvent.keyDown(grip, { key: 'Home' });
    expect(header.style.width).toBe('');
    expect(window.localStorage.getItem('kelvin.columnWidths.things')).toBe('{}');
  });

  it('says "at least" when the server stopped counting, and offers the pages up to there', () => {
    renderTable({ totalSize: 275, totalIsLowerBound: true });
    expect(screen.getByText('275+ rows')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 11' })).toBeTruthy();
    expect(pageRange(0, 25, 275, true)).toBe('Showing 1–25 of 275+');
    expect(pageRange(1, 25, 30)).toBe('Showing 26–30 of 30');
  });
});
