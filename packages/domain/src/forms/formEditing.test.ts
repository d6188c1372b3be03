import { describe, expect, it } from 'vitest';
import {
  buildFormUpdatePayload,
  changedFormElementIds,
  explorerTimeWindow,
  formExplorerStatus,
  formHasValues,
  formInstanceLabel,
  formStatus,
  hasFormChanges,
  isFormValueChanged,
  parseCompanyFilter,
  startingFormValues,
} from './formEditing.ts';
import { type FormDefinition, type FormValue, type TypedFormValue } from './formModel.ts';
import { buildFormElement as element, withOddFields } from './formTestElements.ts';

const text = (value: string): TypedFormValue => ({ type: 'text', value });
const valueOf = (id: number, value: TypedFormValue | null): FormValue => ({
  formElementDefAssociationId: id,
  formElementDefId: 100 + id,
  formId: 9,
  value,
});

describe('isFormValueChanged', () => {
  it('is on when the value differs from the original', () => {
    expect(isFormValueChanged(text('a'), text('b'))).toBe(true);
    expect(isFormValueChanged(text('a'), text('a'))).toBe(false);
    expect(isFormValueChanged(text('a'), null)).toBe(true);
    expect(isFormValueChanged({ type: 'number', value: 1 }, { type: 'text', value: '1' })).toBe(true);
  });
  it('is on for a non-null value where there was no original, off for null', () => {
    expect(isFormValueChanged(undefined, text('a'))).toBe(true);
    expect(isFormValueChanged(null, text(''))).toBe(true);
    expect(isFormValueChanged(undefined, null)).toBe(false);
  });
  it("ignores the order of a multiSelect's choices", () => {
    expect(
      isFormValueChanged({ type: 'multiText', value: ['a', 'b'] }, { type: 'multiText', value: ['b', 'a'] }),
    ).toBe(false);
    expect(
      isFormValueChanged({ type: 'multiText', value: ['a'] }, { type: 'multiText', value: ['a', 'b'] }),
    ).toBe(true);
  });
  it('finds the changed fields of a form', () => {
    const original = [valueOf(1, text('a')), valueOf(2, null)];
    expect(changedFormElementIds(original, [valueOf(1, text('a')), valueOf(2, text('x'))])).toEqual(
      new Set([2]),
    );
    expect(hasFormChanges(original, original)).toBe(false);
    expect(formHasValues([valueOf(2, null)])).toBe(false);
    expect(formHasValues(original)).toBe(true);
  });
});

describe('startingFormValues', () => {
  const withDefault = element('text', { default: 'dflt' });
  const plain = element('number');
  const form: FormDefinition = { formId: 9, label: 'F', version: 1, formElements: [withDefault, plain] };
  it("starts a never-saved form from each element's default", () => {
    expect(startingFormValues(form, []).map((v) => v.value)).toEqual([text('dflt'), null]);
  });
  it('starts a saved form from what was stored, a field without a stored value empty', () => {
    const stored = [valueOf(plain.formElementDefAssociationId, { type: 'number', value: 3 })];
    expect(startingFormValues(form, stored).map((v) => v.value)).toEqual([
      null,
      { type: 'number', value: 3 },
    ]);
  });
});

describe('buildFormUpdatePayload', () => {
  const target = { entityType: 'TICKET' as const, entityId: 42, formId: 9 };
  const sheet = [{ startTimestamp: '2026-11-27T10:00:00.000Z', elapsedDuration: 'PT5M' }];
  it('drops null values and asks for the required-value check', () => {
    expect(buildFormUpdatePayload(target, [valueOf(1, text('a')), valueOf(2, null)], sheet)).toEqual({
      entityType: 'TICKET',
      entityId: 42,
      formId: 9,
      formValues: [valueOf(1, text('a'))],
      checkRequiredFormElementValues: true,
      workTimeSheet: sheet,
    });
  });
  it("refuses to build without an entity id, with the spec's message", () => {
    expect(() => buildFormUpdatePayload({ ...target, entityId: undefined }, [], [])).toThrow(
      'Entity ID not initialized, cannot construct valid payload.',
    );
  });
  it('refuses a value without its association id', () => {
    const orphan = withOddFields(valueOf(1, text('a')), { formElementDefAssociationId: undefined });
    expect(() => buildFormUpdatePayload(target, [orphan], [])).toThrow(
      'Unable to transform to API payload - formElementDefAssociationId is required',
    );
  });
});

describe('form status', () => {
  it("is 'Available' without metadata, 'In progress' with it, 'Completed' when complete", () => {
    expect(formStatus(null)).toBe('Available');
    expect(formStatus({ isFormCompleted: false })).toBe('In progress');
    expect(formStatus({ isFormCompleted: true })).toBe('Completed');
    expect(formExplorerStatus(false)).toBe('In Progress');
    expect(formExplorerStatus(true)).toBe('Completed');
  });
});

describe('form explorer helpers', () => {
  it('labels an instance form id - entity id', () => {
    expect(formInstanceLabel(3, 1201)).toBe('3 - 1201');
  });
  it('applies the date window only when from is earlier than to', () => {
    expect(explorerTimeWindow('2026-01-01', '2026-02-01')).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    expect(explorerTimeWindow('2026-02-01', '2026-01-01')).toBeUndefined();
    expect(explorerTimeWindow('2026-02-01', '2026-02-01')).toBeUndefined();
    expect(explorerTimeWindow('2026-02-01', null)).toBeUndefined();
  });
  it('parses company filter values as integers', () => {
    expect(parseCompanyFilter(['1', '22', 'x'])).toEqual([1, 22]);
  });
});
