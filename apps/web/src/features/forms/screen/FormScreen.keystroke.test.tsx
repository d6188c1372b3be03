import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormElement } from '@kelvin/domain';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import type { FormDefinitionData } from '../formsQueries.ts';
import type { FormElementInputProps } from './FormElementInput.tsx';
import { FormScreen } from './FormScreen.tsx';
import { testElement } from './formScreenTestData.ts';

/** The association id of each row body drawn, in order: every render of a row renders its input. */
const drawn = vi.hoisted((): { rows: number[] } => ({ rows: [] }));

// A counting wrapper around the real input: a render of a row (FormElementField) is a render of its input, so the
// count shows which rows a keystroke renders, whatever made them render (the list, the context, a subscription).
vi.mock('./FormElementInput.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./FormElementInput.tsx')>();
  const Real = actual.FormElementInput;
  return {
    ...actual,
    FormElementInput: function CountedFormElementInput(props: FormElementInputProps) {
      drawn.rows.push(props.element.formElementDefAssociationId);
      return <Real {...props} />;
    },
  };
});

afterEach(() => vi.unstubAllGlobals());

/** 100 fields: enough that a whole-form render is unmistakable; the e2e renders 500 in Chromium. */
const SECTIONS = 5;
const PER_SECTION = 20;

/** Sections of numbers with limits and texts with lengths. */
function bigForm(): FormDefinitionData {
  const sections: FormElement[] = Array.from({ length: SECTIONS }, (_, section) =>
    testElement(
      'group',
      `Section ${section + 1}`,
      {},
      {
        elements: Array.from({ length: PER_SECTION }, (_, step) =>
          step % 3 === 0
            ? testElement('number', `S${section + 1} reading ${step}`, { min: 0, max: 100 })
            : step % 3 === 1
              ? testElement('select', `S${section + 1} choice ${step}`, {
                  values: ['Good', 'Worn', 'Replaced'],
                  displayFormat: 'dropdown',
                })
              : testElement('text', `S${section + 1} note ${step}`, { minLength: 2, maxLength: 80 }),
        ),
      },
    ),
  );
  return {
    formId: 4,
    label: 'Large inspection',
    version: 1,
    latestVersion: 1,
    companyId: null,
    ticketTypeValues: [-1],
    formElements: sections,
  };
}

describe('FormScreen with many elements', () => {
  it('renders only the typed row on a keystroke, not the other rows of the form', async () => {
    fakeApi([]);
    const form = bigForm();
    const fields = form.formElements.flatMap((section) => section.elements);
    // A text of the first section.
    const target = form.formElements[0]?.elements[2]?.formElementDefAssociationId ?? 0;
    const user = userEvent.setup();
    renderWithRouter([
      {
        path: '/',
        element: (
          <FormScreen
            form={form}
            ticketId={42}
            asset={{ assetId: 11, displayName: 'CRAH 01' }}
            instance={null}
            attachments={[]}
            readOnly={false}
            bindings={new Map()}
            timeZone="UTC"
            onClose={() => undefined}
          />
        ),
      },
    ]);
    // A role query over 100 fields computes 100 accessible names per try: look the field up by its element id.
    const box = await waitFor(
      () => {
        const input = document.querySelector<HTMLInputElement>(`[data-element-id="${target}"] input`);
        if (!input) throw new Error('not rendered yet');
        return input;
      },
      { timeout: 30_000 },
    );
    // Mounted: every field's row drawn.
    expect(new Set(drawn.rows)).toEqual(new Set(fields.map((field) => field.formElementDefAssociationId)));
    drawn.rows.length = 0;

    await user.type(box, 'abc');

    expect(box.value).toBe('abc');
    // The typed row renders for its keystrokes (and its own changes: value, 'Changed', error) and nothing else does.
    const others = drawn.rows.filter((id) => id !== target);
    expect(others).toEqual([]);
    expect(drawn.rows.length).toBeGreaterThanOrEqual(3);
    // A handful of renders per keystroke at most: a render per row of the form would be 100 a keystroke.
    expect(drawn.rows.length).toBeLessThanOrEqual(3 * 4);
  }, 60_000);
});
