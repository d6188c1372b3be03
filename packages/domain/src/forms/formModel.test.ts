import { describe, expect, it } from 'vitest';
import {
  defaultFormValue,
  findFormElement,
  indexFormElements,
  initialFormValues,
  requireFormElement,
  walkFormElements,
  type FormDefinition,
} from './formModel.ts';
import { buildFormElement } from './formTestElements.ts';

const element = buildFormElement;

describe('walkFormElements', () => {
  it('goes depth first, a group before its children, siblings by displayOrder whatever the input order', () => {
    const childB = element('text', {}, { displayOrder: 2, label: 'b' });
    const childA = element('number', {}, { displayOrder: 1, label: 'a' });
    const group = element('group', {}, { displayOrder: 1, label: 'g', elements: [childB, childA] });
    const last = element('boolean', {}, { displayOrder: 5, label: 'last' });
    const first = element('date', {}, { displayOrder: 0, label: 'first' });
    expect(walkFormElements([last, group, first]).map((e) => e.label)).toEqual([
      'first',
      'g',
      'a',
      'b',
      'last',
    ]);
    expect(group.elements.map((e) => e.label)).toEqual(['b', 'a']); // input untouched
  });
});

describe('findFormElement and requireFormElement', () => {
  const child = element('text');
  const group = element('group', {}, { elements: [child] });
  it('finds an element inside a group by association id', () => {
    expect(findFormElement([group], child.formElementDefAssociationId)).toBe(child);
    expect(findFormElement([group], 9999)).toBeUndefined();
  });
  it('indexes every element, nested ones included', () => {
    const index = indexFormElements([group]);
    expect(index.get(child.formElementDefAssociationId)).toBe(child);
    expect(index.size).toBe(2);
  });
  it("throws the spec's technical error when the element is missing", () => {
    expect(() => requireFormElement([group], 9999)).toThrow(
      'Unable to find element with formElementDefAssociationId 9999.',
    );
  });
});

describe('defaultFormValue', () => {
  it('reads a number default as a number, also when stored as text', () => {
    expect(defaultFormValue(element('number', { default: 4 }))).toEqual({ type: 'number', value: 4 });
    expect(defaultFormValue(element('number', { default: '12.5' }))).toEqual({
      type: 'number',
      value: 12.5,
    });
    expect(defaultFormValue(element('number', { default: 'abc' }))).toBeNull();
  });
  it('keeps a date as yyyy-MM-dd and a dateTime as an ISO instant', () => {
    expect(defaultFormValue(element('date', { default: '2026-03-04' }))).toEqual({
      type: 'date',
      value: '2026-03-04',
    });
    expect(defaultFormValue(element('date', { default: '2026-03-04T10:00:00Z' }))).toEqual({
      type: 'date',
      value: '2026-03-04',
    });
    expect(defaultFormValue(element('dateTime', { default: '2026-03-04T10:00:00+01:00' }))).toEqual({
      type: 'dateTime',
      value: '2026-03-04T09:00:00.000Z',
    });
    expect(defaultFormValue(element('dateTime', { default: 'not a date' }))).toBeNull();
  });
  it('parses a duration default from ISO text; null or unreadable text means none', () => {
    expect(defaultFormValue(element('duration', { default: 'PT1H30M' }))).toEqual({
      type: 'duration',
      value: 'PT1H30M',
    });
    expect(defaultFormValue(element('duration', { default: null }))).toBeNull();
    expect(defaultFormValue(element('duration', { default: '1h' }))).toBeNull();
  });
  it('gives text and select their text, a boolean its boolean, and a group nothing', () => {
    expect(defaultFormValue(element('text', { default: 'hello' }))).toEqual({ type: 'text', value: 'hello' });
    expect(defaultFormValue(element('select', { default: 'A' }))).toEqual({ type: 'text', value: 'A' });
    expect(defaultFormValue(element('boolean', { default: true }))).toEqual({ type: 'boolean', value: true });
    expect(defaultFormValue(element('group', { default: 'x' }))).toBeNull();
    expect(defaultFormValue(element('text'))).toBeNull();
  });
});

describe('initialFormValues', () => {
  it('holds one value per non-group element, in display order, each its default', () => {
    const text = element('text', { default: 'x' }, { displayOrder: 2 });
    const number = element('number', {}, { displayOrder: 1 });
    const group = element('group', {}, { displayOrder: 0, elements: [text, number] });
    const form: FormDefinition = { formId: 3, label: 'Check', version: 1, formElements: [group] };
    expect(initialFormValues(form)).toEqual([
      {
        formElementDefAssociationId: number.formElementDefAssociationId,
        formElementDefId: number.formElementDefId,
        formId: 3,
        value: null,
      },
      {
        formElementDefAssociationId: text.formElementDefAssociationId,
        formElementDefId: text.formElementDefId,
        formId: 3,
        value: { type: 'text', value: 'x' },
      },
    ]);
  });
});
