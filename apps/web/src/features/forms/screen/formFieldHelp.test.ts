import { describe, expect, it } from 'vitest';
import type { FormElement, FormElementDefOptions, FormElementType } from '@kelvin/domain';
import { formFieldHelp } from './formFieldHelp.ts';

const element = (type: FormElementType, formElementDefOptions: FormElementDefOptions): FormElement => ({
  formElementDefAssociationId: 1,
  formElementDefId: 1,
  label: 'x',
  rootFormId: 1,
  parentFormElementDefId: null,
  isRequired: false,
  displayOrder: 0,
  type,
  elements: [],
  formElementDefOptions,
});

describe('formFieldHelp', () => {
  it("tells a text's lengths in the spec's words", () => {
    expect(formFieldHelp(element('text', { minLength: 3, maxLength: 40 }))).toBe(
      'min 3 characters / max 40 characters',
    );
    expect(formFieldHelp(element('text', { maxLength: 40, minLength: null }))).toBe('max 40 characters');
  });
  it("tells a number's min and max", () => {
    expect(formFieldHelp(element('number', { min: 0, max: 35.5 }))).toBe('min 0 / max 35.5');
  });
  it('tells a multiSelect min and max as checkboxes, only the min selected as a dropdown', () => {
    const limits = { minSelections: 1, maxSelections: 3 };
    expect(formFieldHelp(element('multiSelect', { ...limits, displayFormat: 'checkbox' }))).toBe(
      'min 1 / max 3',
    );
    expect(formFieldHelp(element('multiSelect', { ...limits, displayFormat: 'dropdown' }))).toBe(
      'min 1 selected',
    );
  });
  it('has nothing to tell without limits', () => {
    expect(formFieldHelp(element('text', {}))).toBeNull();
    expect(formFieldHelp(element('date', { default: '2026-01-01' }))).toBeNull();
  });
});
