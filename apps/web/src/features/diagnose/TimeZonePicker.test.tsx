import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { TimeZonePicker } from './TimeZonePicker.tsx';

describe('TimeZonePicker', () => {
  it('shows the chosen zone at once, and lists every zone only when opened', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithRouter([{ path: '/', element: <TimeZonePicker value="Europe/Oslo" onChange={onChange} /> }]);
    const box = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(box).toHaveDisplayValue(/^Europe\/Oslo \(UTC\+0[12]:00\)$/);

    await user.click(box);
    expect((await screen.findAllByRole('option')).length).toBeGreaterThan(300);
    await user.clear(box);
    await user.type(box, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: /^Asia\/Tokyo/ }));
    expect(onChange).toHaveBeenCalledWith('Asia/Tokyo');
  });
});
