import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@kelvin/contract';
import { TechniciansView, type TechniciansViewProps } from './TechniciansView.tsx';
import { ann, bob, entry } from './scheduleFixture.ts';

const COLUMN_W = 168;
const AXIS_W = 64;
const HEADER_H = 40;
const MINUTE_PX = 0.8;

function renderView(entries: Schedule[], overrides: Partial<TechniciansViewProps> = {}) {
  const calls = { onSelectRange: vi.fn(), onMove: vi.fn(), onOpen: vi.fn() };
  const props: TechniciansViewProps = {
    entries,
    technicians: [ann, bob],
    date: '2026-03-04',
    timeZone: 'UTC',
    viewStyle: 'US',
    readOnly: false,
    ...calls,
    ...overrides,
  };
  render(
    <MantineProvider env="test">
      <TechniciansView {...props} />
    </MantineProvider>,
  );
  return calls;
}

/** The client point of a technician's column at a minute of the day (jsdom lays nothing out: boxes sit at 0). */
function at(column: number, minute: number, scroller: HTMLElement) {
  return {
    clientX: AXIS_W + column * COLUMN_W + 20 - scroller.scrollLeft,
    clientY: HEADER_H + minute * MINUTE_PX - scroller.scrollTop,
    button: 0,
    pointerType: 'mouse',
  };
}

describe('TechniciansView', () => {
  it("draws each technician's entries in their column, marks clashes and shades time off", () => {
    renderView([
      entry(1, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z'),
      entry(2, '2026-03-04T09:30:00Z', '2026-03-04T11:00:00Z'),
      entry(3, '2026-03-04T00:00:00Z', '2026-03-05T00:00:00Z', {
        type: 'timeOff',
        resources: [bob],
        title: 'Leave',
      }),
    ]);
    const annColumn = screen.getByRole('group', { name: 'Ann Lee' });
    expect(
      within(annColumn).getByRole('button', { name: 'Entry 1, Site Visit, 9:00 AM – 10:00 AM, conflict' }),
    ).toBeVisible();
    expect(within(annColumn).getAllByRole('button')).toHaveLength(2);
    expect(
      within(screen.getByRole('group', { name: 'Bob Diaz' })).getByRole('button', {
        name: /^Leave, Time Off/,
      }),
    ).toBeVisible();
  });

  it('opens an entry on Enter and on a click', () => {
    const props = renderView([entry(7, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z')]);
    const button = screen.getByRole('button', { name: /^Entry 7/ });
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.click(button);
    expect(props.onOpen).toHaveBeenCalledWith(7);
  });

  it('moves an entry to another technician and a later time by dragging it', () => {
    const props = renderView([entry(7, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z')]);
    const scroller = screen.getByRole('region');
    fireEvent.pointerDown(screen.getByRole('button', { name: /^Entry 7/ }), at(0, 540, scroller));
    fireEvent.pointerMove(window, at(1, 600, scroller));
    fireEvent.pointerUp(window, at(1, 600, scroller));
    expect(props.onMove).toHaveBeenCalledWith({
      scheduleId: 7,
      startsAt: '2026-03-04T10:00:00.000Z',
      endsAt: '2026-03-04T11:00:00.000Z',
      fromUserId: 1,
      toUserId: 2,
    });
    expect(props.onOpen).not.toHaveBeenCalled();
  });

  it("offers a new entry for the range dragged in a technician's empty column", () => {
    const props = renderView([]);
    const scroller = screen.getByRole('region');
    fireEvent.pointerDown(screen.getByRole('group', { name: 'Bob Diaz' }), at(1, 480, scroller));
    fireEvent.pointerMove(window, at(1, 570, scroller));
    fireEvent.pointerUp(window, at(1, 570, scroller));
    expect(props.onSelectRange).toHaveBeenCalledWith({
      start: '2026-03-04T08:00:00.000Z',
      end: '2026-03-04T09:30:00.000Z',
      userId: 2,
    });
  });

  it('neither moves nor creates when read only, and still opens', () => {
    const props = renderView([entry(7, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z')], { readOnly: true });
    const scroller = screen.getByRole('region');
    const button = screen.getByRole('button', { name: /^Entry 7/ });
    fireEvent.pointerDown(button, at(0, 540, scroller));
    fireEvent.pointerMove(window, at(1, 600, scroller));
    fireEvent.pointerUp(window, at(1, 600, scroller));
    fireEvent.click(button);
    expect(props.onMove).not.toHaveBeenCalled();
    expect(props.onOpen).toHaveBeenCalledWith(7);
  });

  it('opens on the working day once the technicians arrive after the first render', () => {
    const props: TechniciansViewProps = {
      entries: [],
      technicians: [],
      date: '2026-03-04',
      timeZone: 'UTC',
      viewStyle: 'US',
      readOnly: false,
      onSelectRange: vi.fn(),
      onMove: vi.fn(),
      onOpen: vi.fn(),
    };
    const { rerender } = render(
      <MantineProvider env="test">
        <TechniciansView {...props} />
      </MantineProvider>,
    );
    rerender(
      <MantineProvider env="test">
        <TechniciansView {...props} technicians={[ann, bob]} />
      </MantineProvider>,
    );
    // Scrolled to 07:00, as the week view opens, not left at midnight.
    expect(screen.getByRole('region').scrollTop).toBe(7 * 60 * MINUTE_PX);
  });

  it('says what to do when no technician is chosen', () => {
    renderView([], { technicians: [] });
    expect(screen.getByText(/No technicians to show/)).toBeVisible();
  });
});
