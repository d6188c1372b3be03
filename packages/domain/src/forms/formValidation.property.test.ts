import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyValueArb,
  formElementsArb,
  formValuesOf,
  limitBreakingValueArb,
  validValueArb,
} from './formArbitraries.ts';
import { formValueToInput, parseFormInput } from './formInput.ts';
import { isFormValidationMessage } from './formMessages.ts';
import { walkFormElements, type FormElement, type FormValue, type TypedFormValue } from './formModel.ts';
import { revalidateElement, validateElement, validateForm } from './formValidation.ts';

/** A generated form with one value per element, from the given value generator. */
function filledFormArb(
  valueOf: (element: FormElement) => fc.Arbitrary<TypedFormValue | null>,
): fc.Arbitrary<{ elements: FormElement[]; values: FormValue[] }> {
  return formElementsArb.chain((elements) => {
    const walked = walkFormElements(elements);
    return fc.tuple(...walked.map((element) => valueOf(element))).map((picked) => ({
      elements,
      values: formValuesOf(
        1,
        walked.map((element, i) => [element, picked[i] ?? null] as const),
      ),
    }));
  });
}

const checkRequiredArb = fc.boolean().map((checkRequired) => ({ checkRequired }));

describe('form validation properties', () => {
  it('never reports an error for values within all limits', () => {
    fc.assert(
      fc.property(filledFormArb(validValueArb), checkRequiredArb, ({ elements, values }, options) => {
        expect(validateForm(elements, values, options)).toEqual({});
      }),
    );
  });

  it("refuses a value beyond any one limit with that limit's message", () => {
    const brokenArb = formElementsArb
      .map((elements) => walkFormElements(elements).filter((e) => limitBreakingValueArb(e) !== null))
      .filter((candidates) => candidates.length > 0)
      .chain((candidates) => fc.constantFrom(...candidates))
      .chain((element) => fc.tuple(fc.constant(element), limitBreakingValueArb(element)!));
    fc.assert(
      fc.property(brokenArb, checkRequiredArb, ([element, { value, message }], options) => {
        expect(validateElement(element, value, options)).toBe(message);
      }),
      { numRuns: 400 },
    );
  });

  it("reports only the spec's messages, whatever the values", () => {
    fc.assert(
      fc.property(
        filledFormArb(() => anyValueArb),
        checkRequiredArb,
        ({ elements, values }, options) => {
          for (const message of Object.values(validateForm(elements, values, options))) {
            expect(isFormValidationMessage(message), message).toBe(true);
          }
        },
      ),
    );
  });

  it('equals the element-wise validation of the display-order walk', () => {
    fc.assert(
      fc.property(
        filledFormArb(() => anyValueArb),
        checkRequiredArb,
        ({ elements, values }, options) => {
          const expected: Record<number, string> = {};
          for (const element of walkFormElements(elements)) {
            const value = values.find(
              (v) => v.formElementDefAssociationId === element.formElementDefAssociationId,
            );
            const message = validateElement(element, value?.value ?? null, options);
            if (message !== null) expected[element.formElementDefAssociationId] = message;
          }
          expect(validateForm(elements, values, options)).toEqual(expected);
        },
      ),
    );
  });

  it("revalidating one element changes only that element's error", () => {
    fc.assert(
      fc.property(
        filledFormArb(() => anyValueArb),
        fc.nat(),
        anyValueArb,
        ({ elements, values }, pick, newValue) => {
          const walked = walkFormElements(elements);
          fc.pre(walked.length > 0);
          const target = walked[pick % walked.length]!;
          const id = target.formElementDefAssociationId;
          const before = validateForm(elements, values);
          const after = revalidateElement(before, target, newValue);
          const { [id]: _oldTarget, ...othersBefore } = before;
          const { [id]: newTarget, ...othersAfter } = after;
          expect(othersAfter).toEqual(othersBefore);
          expect(newTarget ?? null).toBe(validateElement(target, newValue));
          const replaced = values.map((v) =>
            v.formElementDefAssociationId === id ? { ...v, value: newValue } : v,
          );
          expect(after).toEqual(validateForm(elements, replaced));
        },
      ),
    );
  });

  it('a required element without a value always errors when required checks are on, never when off', () => {
    fc.assert(
      fc.property(formElementsArb, (elements) => {
        const errors = validateForm(elements, [], { checkRequired: true });
        for (const element of walkFormElements(elements)) {
          const expected = element.isRequired && element.type !== 'group';
          expect(element.formElementDefAssociationId in errors).toBe(expected);
        }
        expect(validateForm(elements, [], { checkRequired: false })).toEqual({});
      }),
    );
  });

  it('reads back what a control shows for a valid value', () => {
    fc.assert(
      fc.property(filledFormArb(validValueArb), ({ elements, values }) => {
        for (const element of walkFormElements(elements)) {
          const value =
            values.find((v) => v.formElementDefAssociationId === element.formElementDefAssociationId)
              ?.value ?? null;
          expect(parseFormInput(element, formValueToInput(value))).toEqual(value);
        }
      }),
    );
  });
});
