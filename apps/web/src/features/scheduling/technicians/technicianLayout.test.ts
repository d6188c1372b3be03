import { describe, expect, it } from 'vitest';
import { ann, bob, entry } from './scheduleFixture.ts';
import { ColumnLayouts, dayBounds, entriesByTechnician, layoutColumn } from './technicianLayout.ts';

describe('dayBounds', () => {
  it('is 24 hours on an ordinary day, in the zone', () => {
    const day = dayBounds('2026-03-04', 'Europe/Paris');
    expect(new Date(day.start).toISOString()).toBe('2026-03-03T23:00:00.000Z');
    expect(day.minutes).toBe(1440);
  });

  it('is 23 hours on the night the clocks go forward', () => {
    expect(dayBounds('2026-03-29', 'Europe/Paris').minutes).toBe(1380);
  });
});

describe('layoutColumn', () => {
  const day = dayBounds('2026-03-04', 'UTC');

  it('places an entry by its minutes in the day and clips one that runs past midnight', () => {
    const layout = layoutColumn(
      [
        entry(1, '2026-03-04T09:00:00Z', '2026-03-04T10:30:00Z'),
        entry(2, '2026-03-04T23:00:00Z', '2026-03-05T02:00:00Z'),
      ],
      day,
    );
    expect(layout.entries.map((s) => [s.top, s.bottom, s.clippedEnd])).toEqual([
      [540, 630, false],
      [1380, 1440, true],
    ]);
  });

  it('leaves out entries of other days', () => {
    expect(layoutColumn([entry(1, '2026-03-05T09:00:00Z', '2026-03-05T10:00:00Z')], day).entries).toEqual([]);
  });

  it('marks overlapping entries as conflicts and puts them side by side; touching ones are neither', () => {
    const layout = layoutColumn(
      [
        entry(1, '2026-03-04T09:00:00Z', '2026-03-04T11:00:00Z'),
        entry(2, '2026-03-04T10:00:00Z', '2026-03-04T12:00:00Z'),
        entry(3, '2026-03-04T12:00:00Z', '2026-03-04T13:00:00Z'),
      ],
      day,
    );
    expect(layout.entries.map((s) => [s.entry.scheduleId, s.conflict, s.lane, s.lanes])).toEqual([
      [1, true, 0, 2],
      [2, true, 1, 2],
      [3, false, 0, 1],
    ]);
  });

  it('shades time off apart from the lanes and marks work planned during it', () => {
    const layout = layoutColumn(
      [
        entry(1, '2026-03-04T00:00:00Z', '2026-03-05T00:00:00Z', { type: 'timeOff' }),
        entry(2, '2026-03-04T10:00:00Z', '2026-03-04T11:00:00Z'),
      ],
      day,
    );
    expect(layout.timeOff.map((s) => s.entry.scheduleId)).toEqual([1]);
    expect(layout.entries).toMatchObject([{ lanes: 1, conflict: true }]);
  });
});

describe('entriesByTechnician and ColumnLayouts', () => {
  const day = dayBounds('2026-03-04', 'UTC');

  it('puts an entry of two technicians in both columns', () => {
    const shared = entry(1, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z', { resources: [ann, bob] });
    const byUser = entriesByTechnician([shared]);
    expect(byUser.get(1)).toEqual([shared]);
    expect(byUser.get(2)).toEqual([shared]);
  });

  it('reuses the layout of a column whose entries did not change, so that a move re-renders only the columns it touched', () => {
    const first = entry(1, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z');
    const second = entry(2, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z', { resources: [bob] });
    const cache = new ColumnLayouts();
    const before = cache.update([first, second], day);
    const moved = { ...second, startsAt: '2026-03-04T11:00:00Z', endsAt: '2026-03-04T12:00:00Z' };
    const after = cache.update([first, moved], day);
    expect(after.get(1)).toBe(before.get(1));
    expect(after.get(2)).not.toBe(before.get(2));
    expect(after.get(2)?.entries[0]?.top).toBe(660);
  });

  it('lays out a column first asked for after later updates from its newest entries', () => {
    const second = entry(2, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z', { resources: [bob] });
    const cache = new ColumnLayouts();
    cache.update([second], day);
    const moved = { ...second, startsAt: '2026-03-04T11:00:00Z', endsAt: '2026-03-04T12:00:00Z' };
    const after = cache.update([moved], day);
    expect(after.get(2)?.entries.map((s) => s.top)).toEqual([660]);
    expect(after.get(1)).toBeUndefined();
  });
});
