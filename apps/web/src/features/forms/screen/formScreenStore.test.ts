import { describe, expect, it, vi } from 'vitest';
import type { FormElement, TypedFormValue } from '@kelvin/domain';
import { createFormScreenStore, type FormScreenRules } from './formScreenStore.ts';

function element(id: number, extra: Partial<FormElement> = {}): FormElement {
  return {
    formElementDefAssociationId: id,
    formElementDefId: 100 + id,
    label: `Element ${id}`,
    rootFormId: 1,
    parentFormElementDefId: null,
    isRequired: true,
    displayOrder: id,
    type: 'text',
    elements: [],
    formElementDefOptions: {},
    ...extra,
  };
}

const rules: FormScreenRules = {
  isChanged: (original, current) =>
    JSON.stringify(original ?? null) !== JSON.stringify(current) &&
    !(original === undefined && current === null),
  validateElement: (_element, value) => (value === null ? 'This field is required.' : null),
};

const text = (value: string): TypedFormValue => ({ type: 'text', value });

function storeOf() {
  const group = element(10, { type: 'group', elements: [element(2), element(3)] });
  return createFormScreenStore(
    {
      formId: 7,
      elements: [element(1), group],
      start: new Map([[1, text('saved')]]),
      original: new Map([[1, text('saved')]]),
    },
    rules,
  );
}

describe('createFormScreenStore', () => {
  it('tells only the row whose value changed, and the summary only when "something changed" flips', () => {
    const store = storeOf();
    const row1 = vi.fn();
    const row2 = vi.fn();
    const summary = vi.fn();
    store.subscribeElement(1, row1);
    store.subscribeElement(2, row2);
    store.subscribeSummary(summary);

    store.setValue(2, text('a'));
    store.setValue(2, text('ab'));
    expect(row2).toHaveBeenCalledTimes(2);
    expect(row1).not.toHaveBeenCalled();
    expect(summary).toHaveBeenCalledTimes(1);
    expect(store.hasChanges()).toBe(true);
    expect(store.get(2)).toEqual({ value: text('ab'), error: null, changed: true });

    store.setValue(2, null);
    expect(store.hasChanges()).toBe(false);
    expect(summary).toHaveBeenCalledTimes(2);
  });

  it('revalidates on input only an element that shows an error', () => {
    const store = storeOf();
    store.showErrors({ 2: 'This field is required.', 3: 'This field is required.' });
    expect(store.get(3).error).toBe('This field is required.');
    store.setValue(2, text('x'));
    expect(store.get(2).error).toBeNull();
    expect(store.get(3).error).toBe('This field is required.');
    expect(store.errors()).toEqual({ 3: 'This field is required.' });
    // An element without an error is not validated while typing.
    store.setValue(1, null);
    expect(store.get(1).error).toBeNull();
  });

  it('resets to the start values with errors cleared, and after a save to what was saved', () => {
    const store = storeOf();
    store.setValue(1, text('edited'));
    store.showErrors({ 2: 'This field is required.' });
    store.reset();
    expect(store.get(1)).toEqual({ value: text('saved'), error: null, changed: false });
    expect(store.errors()).toEqual({});

    store.setValue(2, text('kept'));
    store.markSaved();
    expect(store.hasChanges()).toBe(false);
    expect(store.get(2).changed).toBe(false);
    store.setValue(2, text('again'));
    store.reset();
    expect(store.get(2).value).toEqual(text('kept'));
  });

  it('gives every non-group element as a FormValue of the form', () => {
    const store = storeOf();
    expect(store.formValues()).toEqual([
      { formElementDefAssociationId: 1, formElementDefId: 101, formId: 7, value: text('saved') },
      { formElementDefAssociationId: 2, formElementDefId: 102, formId: 7, value: null },
      { formElementDefAssociationId: 3, formElementDefId: 103, formId: 7, value: null },
    ]);
  });
});
