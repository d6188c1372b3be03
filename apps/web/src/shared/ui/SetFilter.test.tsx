import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISPLAY_LIMIT, SetFilterButton, SetFilterList, type SetFilterDef } from './SetFilter.tsx';

const options = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ value: String(index + 1), label: `Site ${index + 1}` }));

function renderList(filter: Partial<SetFilterDef> & { options: SetFilterDef['options'] }) {
  const onChange = vi.fn<(selected: string[]) => void>();
  render(
    <MantineProvider>
      <SetFilterList
        column="Site"
        filter={{ selected: filter.options.map((option) => option.value), onChange, ...filter }}
      />
    </MantineProvider>,
  );
  return { onChange, list: screen.getByRole('group', { name: 'Site filter' }) };
}

// By selector rather than by role: jsdom computes 120 accessible names slowly.
const listed = (list: HTMLElement) => list.querySelectorAll('input[type="checkbox"]:not([role="switch"])');

describe('SetFilterList display limit', () => {
  it("lists the first 50 of a long list until 'Show All Results' is on, and all of them then", () => {
    const { list } = renderList({ options: options(120) });
    expect(DEFAULT_DISPLAY_LIMIT).toBe(50);
    expect(listed(list)).toHaveLength(50);
    expect(within(list).getByText('Listing 50 of 120; search to narrow.')).toBeInTheDocument();
    const toggle = within(list).getByLabelText('Show All Results');
    expect(toggle).toHaveAttribute('role', 'switch');
    fireEvent.click(toggle);
    expect(listed(list)).toHaveLength(120);
    fireEvent.click(toggle);
    expect(listed(list)).toHaveLength(50);
  });

  it('applies the limit to what the search finds, and offers no toggle when the matches fit', () => {
    const { list } = renderList({ options: options(120) });
    // 'Site 1' matches 1, 10-19 and 100-120: 32 values, under the limit.
    fireEvent.change(within(list).getByRole('textbox', { name: 'Search Site values' }), {
      target: { value: 'Site 1' },
    });
    expect(listed(list)).toHaveLength(32);
    expect(within(list).queryByRole('switch', { name: 'Show All Results' })).toBeNull();
  });

  it('selects every match with Select all, listed or not', () => {
    const { list, onChange } = renderList({ options: options(60), selected: [] });
    fireEvent.click(within(list).getByRole('button', { name: 'Select all' }));
    expect(onChange).toHaveBeenCalledWith(options(60).map((option) => option.value));
  });

  it("takes a list's own limit", () => {
    const { list } = renderList({ options: options(12), displayLimit: 5 });
    expect(listed(list)).toHaveLength(5);
    expect(within(list).getByRole('switch', { name: 'Show All Results' })).toBeInTheDocument();
  });

  it('lists every option when the limit is switched off', () => {
    const { list } = renderList({ options: options(120), displayLimit: null });
    expect(listed(list)).toHaveLength(120);
    expect(within(list).queryByRole('switch', { name: 'Show All Results' })).toBeNull();
  });
});

describe('SetFilterButton', () => {
  it('puts the popup state on the button itself, not on the marker around it', () => {
    render(
      <MantineProvider>
        <SetFilterButton
          column="Site"
          filter={{ options: options(3), selected: ['1'], onChange: () => undefined }}
        />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Filter Site, 1 of 3 chosen' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.parentElement?.closest('[aria-expanded]')).toBeNull();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });
});
