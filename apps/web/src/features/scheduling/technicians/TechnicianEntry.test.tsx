import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@kelvin/contract';
import { TechniciansView, type TechniciansViewProps } from './TechniciansView.tsx';
import { ann, bob, entry } from './scheduleFixture.ts';
import { formatClockSpan } from './timeLabels.ts';

// Each render of an entry writes its times (its accessible name): counting those writes counts the renders.
vi.mock('./timeLabels.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./timeLabels.ts')>();
  return { ...actual, formatClockSpan: vi.fn(actual.formatClockSpan) };
});
const spans = vi.mocked(formatClockSpan);
const rendersOf = (item: Schedule) =>
  spans.mock.calls.filter(([start]) => start === Date.parse(item.startsAt)).length;

function view(entries: Schedule[]) {
  const props: TechniciansViewProps = {
    entries,
    technicians: [ann, bob],
    date: '2026-03-04',
    timeZone: 'UTC',
    viewStyle: 'US',
    readOnly: false,
    onSelectRange: vi.fn(),
    onMove: vi.fn(),
    onOpen: vi.fn(),
  };
  return (
    <MantineProvider env="test">
      <TechniciansView {...props} />
    </MantineProvider>
  );
}

describe('TechnicianEntry', () => {
  beforeEach(() => spans.mockClear());

  it('re-renders after a move only the entry that moved, not the others of the columns it touched', () => {
    const stays = entry(1, '2026-03-04T08:00:00Z', '2026-03-04T09:00:00Z');
    const moves = entry(2, '2026-03-04T13:00:00Z', '2026-03-04T14:00:00Z');
    const bobs = entry(3, '2026-03-04T10:00:00Z', '2026-03-04T11:00:00Z', { resources: [bob] });
    const { rerender } = render(view([stays, moves, bobs]));
    expect(rendersOf(stays)).toBeGreaterThan(0);
    spans.mockClear();

    const moved = {
      ...moves,
      startsAt: '2026-03-04T15:00:00Z',
      endsAt: '2026-03-04T16:00:00Z',
      resources: [bob],
    };
    rerender(view([stays, moved, bobs]));

    expect(within(screen.getByRole('group', { name: 'Bob Diaz' })).getAllByRole('button')).toHaveLength(2);
    expect(rendersOf(moved)).toBeGreaterThan(0);
    expect(rendersOf(stays)).toBe(0);
    expect(rendersOf(bobs)).toBe(0);
  });

  it('draws the title only in a lane too narrow for the times and the warning, and still names everything', () => {
    const crowded = [1, 2, 3, 4].map((id) => entry(id, '2026-03-04T09:00:00Z', '2026-03-04T11:00:00Z'));
    const roomy = [5, 6].map((id) =>
      entry(id, '2026-03-04T09:00:00Z', '2026-03-04T11:00:00Z', { resources: [bob] }),
    );
    render(view([...crowded, ...roomy]));

    const narrow = screen.getByRole('button', { name: 'Entry 1, Site Visit, 9:00 AM – 11:00 AM, conflict' });
    expect(narrow).toHaveTextContent(/^Entry 1$/);
    expect(narrow.querySelector('svg')).toBeNull();

    const wide = screen.getByRole('button', { name: 'Entry 5, Site Visit, 9:00 AM – 11:00 AM, conflict' });
    expect(wide).toHaveTextContent('Entry 59:00 AM – 11:00 AM');
    expect(wide.querySelector('svg')).not.toBeNull();
  });
});
