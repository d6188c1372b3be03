import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedTable, pageRange, usePagedTableDensity, type PagedTableColumn } from './PagedTable.tsx';

interface Row {
  id: number;
  title: string;
}
const columns: PagedTableColumn<Row>[] = [
  { key: 'id', header: 'Id', cell: (row) => row.id },
  { key: 'title', header: 'Title', cell: (row) => row.title },
];

function renderTable(props: {
  totalSize: number;
  totalIsLowerBound?: boolean;
  columns?: PagedTableColumn<Row>[];
  defaultHiddenColumns?: string[];
  fixedLayout?: boolean;
}) {
  return render(
    <MantineProvider>
      <PagedTable
        label="Things"
        rows={[{ id: 1, title: 'First' }]}
        rowKey={(row) => row.id}
        pageSize={25}
        pageNumber={0}
        onPageChange={() => undefined}
        empty="Nothing"
        columnsKey="things"
        {...props}
        columns={props.columns ?? columns}
      />
    </MantineProvider>,
  );
}

/** jsdom lays nothing out: give an element the widths a browser would have drawn. */
function drawWidths(element: Element, widths: { client: number; scroll: number }) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: widths.client });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: widths.scroll });
}

/** A cell that says which density its table gives it. */
function DensityProbe() {
  return <span>{usePagedTableDensity()}</span>;
}

describe('PagedTable', () => {
  afterEach(() => window.localStorage.clear());

  it('draws compact one-line rows by default and keeps a switch to comfortable per browser', () => {
    const first = renderTable({
      totalSize: 1,
      columns: [...columns, { key: 'probe', header: 'Probe', cell: () => <DensityProbe /> }],
    });
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table).toHaveAttribute('data-density', 'compact');
    // 6 px above and below one line of text: a row of about 35 px.
    expect(table.style.getPropertyValue('--table-vertical-spacing')).toBe(
      'calc(0.375rem * var(--mantine-scale))',
    );
    expect(screen.getByRole('cell', { name: 'compact' })).toBeInTheDocument();

    const density = screen.getByRole('radiogroup', { name: 'Row density' });
    fireEvent.click(within(density).getByRole('radio', { name: 'Comfortable' }));
    expect(table).toHaveAttribute('data-density', 'comfortable');
    expect(screen.getByRole('cell', { name: 'comfortable' })).toBeInTheDocument();
    expect(window.localStorage.getItem('kelvin.tableDensity')).toBe('"comfortable"');

    // Another table (or a reload) opens as the browser last chose.
    first.unmount();
    renderTable({ totalSize: 1 });
    expect(screen.getByRole('table', { name: 'Things' })).toHaveAttribute('data-density', 'comfortable');
  });

  it('shows the whole text of a cut cell in a tooltip, and none over a cell that shows all of it', () => {
    renderTable({ totalSize: 1 });
    const [idCell, titleCell] = screen.getAllByRole('cell');
    const cut = titleCell?.querySelector('[data-cell]');
    const whole = idCell?.querySelector('[data-cell]');
    if (!cut || !whole) throw new Error('cells without their content wrapper');
    drawWidths(cut, { client: 80, scroll: 240 });
    drawWidths(whole, { client: 80, scroll: 80 });

    fireEvent.mouseOver(whole);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseOver(cut);
    expect(screen.getByRole('tooltip')).toHaveTextContent('First');
    fireEvent.mouseLeave(screen.getByRole('table', { name: 'Things' }).querySelector('tbody') ?? cut);
    expect(screen.queryByRole('tooltip')).toBeNull();
    // The keyboard gets it too: focus inside a cut cell.
    fireEvent.focus(cut);
    expect(screen.getByRole('tooltip')).toHaveTextContent('First');
  });

  it('hides the less read columns until shown, and lays a fixed table out at least as wide as its columns', async () => {
    renderTable({
      totalSize: 1,
      defaultHiddenColumns: ['title'],
      fixedLayout: true,
      columns: [
        { key: 'id', header: 'Id', width: 80, cell: (row) => row.id },
        { key: 'title', header: 'Title', cell: (row) => row.title },
        { key: 'note', header: 'Note', cell: () => 'note' },
      ],
    });
    expect(screen.queryByRole('columnheader', { name: /^Title/ })).toBeNull();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table).toHaveAttribute('data-fixed');
    // 80 px for Id and the 200 px minimum of the width-less Note column (Mantine sets it in rem on the scroller).
    let scroller = table.parentElement;
    while (scroller && scroller.style.getPropertyValue('--table-min-width') === '')
      scroller = scroller.parentElement;
    expect(scroller?.style.getPropertyValue('--table-min-width')).toBe(
      'calc(17.5rem * var(--mantine-scale))',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Title' }));
    expect(screen.getByRole('columnheader', { name: /^Title/ })).toBeInTheDocument();
  });

  it("reads a column's drawn width when its grip is focused, not while the table first draws", () => {
    const headerCellsMeasured: Element[] = [];
    const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.tagName === 'TH') headerCellsMeasured.push(this);
      return DOMRect.fromRect({ width: 212, height: 30 });
    });
    renderTable({ totalSize: 1 });
    // A measure per column before the first paint forced a layout and a second render of the whole table.
    expect(headerCellsMeasured).toEqual([]);
    const grip = screen.getByRole('separator', { name: 'Resize Title' });
    fireEvent.focus(grip);
    expect(grip).toHaveAttribute('aria-valuenow', '212');
    measured.mockRestore();
  });

  it('resizes a column from the keyboard, keeps the widths per table, and gives them back with Home', () => {
    renderTable({ totalSize: 1 });
    const grip = screen.getByRole('separator', { name: 'Resize Title' });
    const header = screen.getByRole('columnheader', { name: /Title/ });
    // Before any resize the separator still says its value (the drawn width, at least the minimum).
    expect(grip).toHaveAttribute('aria-valuenow', '64');
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
