import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MetricPicker } from './MetricPicker.tsx';
import { metric } from './testMetric.ts';

const ALARMS = Array.from({ length: 17 }, (_, index) =>
  metric(100 + index, `alarm.flag${index}SupplyAir`, `High supply air alarm ${index}`),
);
const CATALOGUE = [
  ...ALARMS,
  metric(1, 'temperature.supplyAir', 'Supply air temperature'),
  metric(2, 'temperature.returnAir', 'Return air temperature'),
];

function Picker({ onChange }: { onChange?: (ids: number[]) => void }) {
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <MantineProvider env="test">
      <MetricPicker
        label="Metrics in Temperatures"
        hideLabel
        metrics={CATALOGUE}
        selected={selected}
        onChange={(ids) => {
          setSelected(ids);
          onChange?.(ids);
        }}
      />
    </MantineProvider>
  );
}

describe('MetricPicker', () => {
  it('lists only metrics while searching, by name with the alias beneath, and adds one per choice', async () => {
    const user = userEvent.setup();
    const chosen: number[][] = [];
    render(<Picker onChange={(ids) => chosen.push(ids)} />);
    const input = screen.getByRole('textbox', { name: 'Metrics in Temperatures' });
    await user.click(input);
    await user.type(input, 'supply air');
    const options = await screen.findAllByRole('option');
    // Eighteen metrics hold the words, no group row among them; the name that starts with them comes first.
    expect(options).toHaveLength(18);
    expect(options[0]?.textContent).toBe('Supply air temperature temperature.supplyAir');
    expect(options.some((option) => option.getAttribute('aria-expanded') !== null)).toBe(false);
    await user.click(screen.getByRole('option', { name: 'Supply air temperature temperature.supplyAir' }));
    expect(chosen.at(-1)).toEqual([1]);
    // The chosen metric shows as a pill by its name, not by its alias.
    const pill = document.querySelector('.mantine-Pill-root');
    expect(pill?.textContent).toBe('Supply air temperature');
  });

  it('finds a metric by its alias', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByRole('textbox', { name: 'Metrics in Temperatures' });
    await user.click(input);
    await user.type(input, 'temperature.returnAir');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Return air temperature temperature.returnAir',
    ]);
  });

  it('opens a group of the tree rather than adding all its metrics', async () => {
    const user = userEvent.setup();
    const chosen: number[][] = [];
    render(<Picker onChange={(ids) => chosen.push(ids)} />);
    await user.click(screen.getByRole('textbox', { name: 'Metrics in Temperatures' }));
    const alarm = await screen.findByRole('option', { name: 'alarm' });
    expect(alarm.getAttribute('aria-expanded')).toBe('false');
    await user.click(alarm);
    expect(chosen).toEqual([]);
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(2 + 17);
    await user.click(
      within(listbox).getByRole('option', { name: 'High supply air alarm 3 alarm.flag3SupplyAir' }),
    );
    expect(chosen).toEqual([[103]]);
  });
});
