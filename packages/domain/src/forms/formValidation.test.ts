import { describe, expect, it } from 'vitest';
import { type FormElement, type TypedFormValue } from './formModel.ts';
import { buildFormElement as element, withOddFields } from './formTestElements.ts';
import {
  assertValuesBelongToForm,
  groupHasError,
  labelFormErrors,
  revalidateElement,
  validateElement,
  validateForm,
} from './formValidation.ts';

const text = (value: string): TypedFormValue => ({ type: 'text', value });
const number = (value: number): TypedFormValue => ({ type: 'number', value });
const choices = (...value: string[]): TypedFormValue => ({ type: 'multiText', value });
const required = { isRequired: true };
const lenient = { checkRequired: false };

describe('validateElement: required', () => {
  it("says 'This field is required.' for a missing required value, and nothing when checks are off", () => {
    for (const type of [
      'text',
      'select',
      'date',
      'dateTime',
      'duration',
      'boolean',
      'multiSelect',
    ] as const) {
      expect(validateElement(element(type, {}, required), null)).toBe('This field is required.');
      expect(validateElement(element(type, {}, required), null, lenient)).toBeNull();
      expect(validateElement(element(type), null)).toBeNull();
    }
  });
  it('asks for a number on a missing required number', () => {
    expect(validateElement(element('number', {}, required), null)).toBe(
      'This field is required and must be a number.',
    );
  });
  it('counts an empty text and an empty multiSelect as missing', () => {
    expect(validateElement(element('text', {}, required), text(''))).toBe('This field is required.');
    expect(validateElement(element('multiSelect', { values: ['a'] }, required), choices())).toBe(
      'This field is required.',
    );
    expect(validateElement(element('text', { minLength: 3 }), text(''))).toBeNull();
  });
  it('keeps false as a value of a required boolean', () => {
    expect(validateElement(element('boolean', {}, required), { type: 'boolean', value: false })).toBeNull();
  });
});

describe('validateElement: text lengths', () => {
  const bounded = element('text', { minLength: 3, maxLength: 5 });
  it("names the length and the limit in the spec's words", () => {
    expect(validateElement(bounded, text('ab'))).toBe(
      'Input of length 2 does not meet minimum length requirement of 3 characters.',
    );
    expect(validateElement(bounded, text('abcdef'))).toBe(
      'Input of length 6 exceeds maximum length requirement of 5 characters.',
    );
    expect(validateElement(bounded, text('abcd'))).toBeNull();
  });
});

describe('validateElement: numbers', () => {
  const ranged = element('number', { min: 2, max: 10, format: 'integer' });
  it('refuses below the minimum and above the maximum, with the spec wording for both', () => {
    expect(validateElement(ranged, number(1))).toBe(
      'Input of value 1 is less than the allowed minimum of 2.',
    );
    expect(validateElement(ranged, number(11))).toBe(
      'Input of value 11 is greater than the allowed minimum of 10.',
    );
  });
  it('refuses decimals for an integer format, and NaN as not a number', () => {
    expect(validateElement(ranged, number(2.5))).toBe('Input must be an integer (no decimal places).');
    expect(validateElement(ranged, number(Number.NaN))).toBe('Input is not recognized as a number.');
    expect(validateElement(element('number', { format: 'decimal' }), number(2.5))).toBeNull();
  });
});

describe('validateElement: select and multiSelect', () => {
  it('refuses a choice that is not offered', () => {
    expect(validateElement(element('select', { values: ['a', 'b'] }), text('c'))).toBe(
      'One or more invalid options are selected.',
    );
    expect(validateElement(element('multiSelect', { values: ['a', 'b'] }), choices('a', 'c'))).toBe(
      'One or more invalid options are selected.',
    );
  });
  it('counts selections against the minimum and maximum', () => {
    const ms = element('multiSelect', { values: ['a', 'b', 'c'], minSelections: 2, maxSelections: 2 });
    expect(validateElement(ms, choices('a'))).toBe('At least 2 options must be selected. Current: 1');
    expect(validateElement(ms, choices('a', 'b', 'c'))).toBe(
      'No more than 2 options may be selected. Current: 3',
    );
    expect(validateElement(ms, choices('a', 'b'))).toBeNull();
  });
  it('throws the multi-select non-array error for a non-array value', () => {
    const broken = withOddFields(choices('a'), { value: 'a' });
    expect(() => validateElement(element('multiSelect', { values: ['a'] }), broken)).toThrow(
      'A multi-select in multiple mode needs an array value.',
    );
  });
});

describe('validateElement: other types, groups and technical errors', () => {
  it("answers 'Unknown error.' for a value a date, dateTime, duration or boolean cannot hold", () => {
    expect(validateElement(element('date'), { type: 'date', value: '2026-02-30' })).toBe('Unknown error.');
    expect(validateElement(element('date'), { type: 'date', value: '2026-02-28' })).toBeNull();
    expect(validateElement(element('dateTime'), { type: 'dateTime', value: 'soon' })).toBe('Unknown error.');
    expect(validateElement(element('duration'), { type: 'duration', value: '1h' })).toBe('Unknown error.');
    expect(validateElement(element('duration'), { type: 'duration', value: 'PT1H30M' })).toBeNull();
  });
  it('treats a value of the wrong type as a type mismatch', () => {
    expect(validateElement(element('text'), number(1))).toBe('Unknown error.');
    expect(validateElement(element('number'), text('1'))).toBe('Unknown error.');
  });
  it('refuses any value for a group', () => {
    expect(validateElement(element('group'), text('x'))).toBe('Unknown error.');
    expect(validateElement(element('group'), null)).toBeNull();
  });
  it("throws 'unhandled element type' and 'unhandled form value type'", () => {
    const colourElement = withOddFields(element('text'), { type: 'colour' });
    expect(() => validateElement(colourElement, null)).toThrow('unhandled element type');
    const colourValue = withOddFields(text('red'), { type: 'colour' });
    expect(() => validateElement(element('text'), colourValue)).toThrow('unhandled form value type');
  });
});

describe('validateForm and revalidateElement', () => {
  const inner = element('number', { max: 5 }, required);
  const name = element('text', {}, required);
  const group = element('group', {}, { elements: [inner], displayOrder: 0 });
  const form: FormElement[] = [group, name];
  const value = (el: FormElement, v: TypedFormValue | null) => ({
    formElementDefAssociationId: el.formElementDefAssociationId,
    formElementDefId: el.formElementDefId,
    formId: 1,
    value: v,
  });

  it('walks into groups and validates absent values as missing', () => {
    expect(validateForm(form, [value(inner, number(9))])).toEqual({
      [inner.formElementDefAssociationId]: 'Input of value 9 is greater than the allowed minimum of 5.',
      [name.formElementDefAssociationId]: 'This field is required.',
    });
    expect(validateForm(form, [value(inner, number(9))], lenient)).toEqual({
      [inner.formElementDefAssociationId]: 'Input of value 9 is greater than the allowed minimum of 5.',
    });
  });
  it('replaces or removes one element’s error and leaves the others', () => {
    const errors = validateForm(form, []);
    const fixed = revalidateElement(errors, inner, number(3));
    expect(fixed).toEqual({ [name.formElementDefAssociationId]: 'This field is required.' });
    expect(errors[inner.formElementDefAssociationId]).toBe('This field is required and must be a number.');
    expect(revalidateElement(fixed, inner, number(7))[inner.formElementDefAssociationId]).toBe(
      'Input of value 7 is greater than the allowed minimum of 5.',
    );
  });
  it('flags a group whose child has an error, and labels errors in display order', () => {
    const errors = validateForm(form, []);
    expect(groupHasError(group, errors)).toBe(true);
    expect(groupHasError(group, revalidateElement(errors, inner, number(1)))).toBe(false);
    expect(labelFormErrors(form, errors).map((e) => e.label)).toEqual([inner.label, name.label]);
  });
  it('refuses a value for an element the form does not have', () => {
    expect(() =>
      assertValuesBelongToForm(form, [{ ...value(name, null), formElementDefAssociationId: 999 }]),
    ).toThrow('Unable to find element with formElementDefAssociationId 999.');
    expect(() => assertValuesBelongToForm(form, [value(inner, null)])).not.toThrow();
  });
});
