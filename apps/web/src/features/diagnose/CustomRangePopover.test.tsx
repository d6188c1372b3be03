import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { CustomRangePopover } from './CustomRangePopover.tsx';
// The calendar loads lazily; loaded here first, the tests wait for the popover, not the module.
import './RangeDaysPicker.tsx';

// 2026-11-25 10:00 to 11:00 in Tokyo.
const range = { from: Date.UTC(2026, 10, 25, 1), to: Date.UTC(2026, 10, 25, 2) };

function renderPopover() {
  const onApply = vi.fn();
  renderWithRouter([
    { path: '/', element: <CustomRangePopover range={range} timeZone="Asia/Tokyo" onApply={onApply} /> },
  ]);
  return { onApply, user: userEvent.setup() };
}

describe('CustomRangePopover', () => {
  it('starts from the range on screen, in the zone given, and applies typed times in that zone', async () => {
    const { onApply, user } = renderPopover();
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    const from = await screen.findByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });
    expect(from).toHaveValue('2026-11-25 10:00');
    expect(to).toHaveValue('2026-11-25 11:00');
    await user.clear(from);
    await user.type(from, '2026-11-24 22:30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ from: Date.UTC(2026, 10, 24, 13, 30), to: range.to });
  });

  it('says what is wrong with a start that is no time, or an end before the start, and applies nothing', async () => {
    const { onApply, user } = renderPopover();
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    const from = await screen.findByRole('textbox', { name: 'From' });
    await user.clear(from);
    await user.type(from, 'last tuesday');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Start is not a time: write it as YYYY-MM-DD HH:mm.');
    await user.clear(from);
    await user.type(from, '2026-11-25 12:00');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('End must be after start.');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('takes whole days picked on the calendar, keeping the typed times', async () => {
    const { onApply, user } = renderPopover();
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    await user.click(await screen.findByRole('button', { name: '20 November 2026' }));
    await user.click(screen.getByRole('button', { name: '22 November 2026' }));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2026-11-20 10:00');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('2026-11-22 11:00');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ from: Date.UTC(2026, 10, 20, 1), to: Date.UTC(2026, 10, 22, 2) });
  });
});
