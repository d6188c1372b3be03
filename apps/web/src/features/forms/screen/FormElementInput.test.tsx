import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import type { FormElement, TypedFormValue } from '@kelvin/domain';
import { FormElementInput } from './FormElementInput.tsx';
import { testElement } from './formScreenTestData.ts';

/** The input as the form screen holds it: what it hands over becomes its value. */
function Harness({
  element,
  start,
  onChange,
}: {
  element: FormElement;
  start: TypedFormValue | null;
  onChange: (value: TypedFormValue | null) => void;
}) {
  const [value, setValue] = useState(start);
  return (
    <FormElementInput
      element={element}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      label={element.label}
      description={null}
      error={null}
    />
  );
}

function renderInput(element: FormElement, value: TypedFormValue | null) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <Harness element={element} start={value} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
}

describe('FormElementInput', () => {
  it("shows a date in the picker's format 'M d, Y'", () => {
    renderInput(testElement('date', 'Serviced on'), { type: 'date', value: '2026-11-27' });
    expect(screen.getByRole('button', { name: 'Serviced on' })).toHaveTextContent('Nov 27, 2026');
  });

  it('draws a select as radios or as a dropdown by its displayFormat', () => {
    const values = ['Clean', 'Dirty'];
    renderInput(testElement('select', 'Filter', { values, displayFormat: 'radio' }), null);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    renderInput(testElement('select', 'Belt', { values, displayFormat: 'dropdown' }), null);
    // The dropdown adds an input of its own and no radio.
    expect(document.querySelectorAll('input[aria-haspopup="listbox"]')).toHaveLength(1);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('draws a multiSelect as checkboxes by default, and an empty choice as null', async () => {
    const user = userEvent.setup();
    const onChange = renderInput(
      testElement('multiSelect', 'Parts', { values: ['Filter', 'Belt'], displayFormat: 'checkbox' }),
      { type: 'multiText', value: ['Belt'] },
    );
    await user.click(screen.getByRole('checkbox', { name: 'Belt' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps a number that is not one as NaN, so that validation names it, and an empty one as null', async () => {
    const user = userEvent.setup();
    const onChange = renderInput(testElement('number', 'Pressure'), null);
    const box = screen.getByRole('textbox', { name: 'Pressure' });
    await user.type(box, '1x');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'number', value: Number.NaN });
    await user.clear(box);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("reads a duration as typed ('1h 30m') into an ISO duration", async () => {
    const user = userEvent.setup();
    const onChange = renderInput(testElement('duration', 'Downtime'), null);
    await user.type(screen.getByRole('textbox', { name: 'Downtime' }), '1h 30m');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'duration', value: 'PT1H30M' });
  });
});
