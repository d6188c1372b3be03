import { describe, expect, it } from 'vitest';
import { canDeselectChoice, formValueToInput, parseFormInput, parseNumberInput } from './formInput.ts';
import { buildFormElement as element, withOddFields } from './formTestElements.ts';
import { validateElement } from './formValidation.ts';

describe('parseFormInput', () => {
  it('turns an empty number input and an empty multiSelect into null', () => {
    expect(parseFormInput(element('number'), '')).toBeNull();
    expect(parseFormInput(element('number'), '   ')).toBeNull();
    expect(parseFormInput(element('multiSelect'), [])).toBeNull();
  });
  it('reads numbers as typed, and keeps what is not one for validation to name', () => {
    expect(parseFormInput(element('number'), ' 12.5 ')).toEqual({ type: 'number', value: 12.5 });
    expect(parseFormInput(element('number'), '-.5')).toEqual({ type: 'number', value: -0.5 });
    const typo = parseFormInput(element('number'), '12abc');
    expect(typo).toEqual({ type: 'number', value: Number.NaN });
    expect(validateElement(element('number'), typo)).toBe('Input is not recognized as a number.');
    expect(parseNumberInput('0x1f')).toBeNaN();
  });
  it('keeps an empty text as an empty text (the required rule calls it empty) but an unselected select as null', () => {
    expect(parseFormInput(element('text'), '')).toEqual({ type: 'text', value: '' });
    expect(parseFormInput(element('select'), '')).toBeNull();
    expect(parseFormInput(element('select'), 'B')).toEqual({ type: 'text', value: 'B' });
  });
  it('gives a multiSelect its choices and a boolean its state', () => {
    expect(parseFormInput(element('multiSelect'), ['a', 'b'])).toEqual({
      type: 'multiText',
      value: ['a', 'b'],
    });
    expect(parseFormInput(element('boolean'), false)).toEqual({ type: 'boolean', value: false });
    expect(parseFormInput(element('boolean'), 'true')).toEqual({ type: 'boolean', value: true });
  });
  it('stores dates as yyyy-MM-dd, dateTimes as ISO instants and durations as ISO text', () => {
    expect(parseFormInput(element('date'), '2026-11-27')).toEqual({ type: 'date', value: '2026-11-27' });
    expect(parseFormInput(element('date'), '2026-11-27T10:00:00Z')).toEqual({
      type: 'date',
      value: '2026-11-27',
    });
    expect(parseFormInput(element('dateTime'), '2026-11-27T10:00:00+02:00')).toEqual({
      type: 'dateTime',
      value: '2026-11-27T08:00:00.000Z',
    });
    expect(parseFormInput(element('duration'), 'pt1h30m')).toEqual({ type: 'duration', value: 'PT1H30M' });
    expect(parseFormInput(element('group'), 'x')).toBeNull();
  });
  it("throws 'unhandled element type' for a type outside the spec's", () => {
    const odd = withOddFields(element('text'), { type: 'colour' });
    expect(() => parseFormInput(odd, 'x')).toThrow('unhandled element type');
  });
});

describe('formValueToInput', () => {
  it('shows a value the way its control holds it', () => {
    expect(formValueToInput(null)).toBeNull();
    expect(formValueToInput({ type: 'number', value: 3 })).toBe('3');
    expect(formValueToInput({ type: 'number', value: Number.NaN })).toBe('');
    expect(formValueToInput({ type: 'multiText', value: ['a'] })).toEqual(['a']);
    expect(formValueToInput({ type: 'boolean', value: true })).toBe(true);
  });
});

describe('canDeselectChoice', () => {
  it('keeps the last choice of a required multiSelect, lets an optional one go empty', () => {
    const needed = element('multiSelect', { values: ['a', 'b'] }, { isRequired: true });
    expect(canDeselectChoice(needed, ['a'], 'a')).toBe(false);
    expect(canDeselectChoice(needed, ['a', 'b'], 'a')).toBe(true);
    expect(canDeselectChoice(element('multiSelect'), ['a'], 'a')).toBe(true);
    expect(canDeselectChoice(element('multiSelect'), ['a'], 'b')).toBe(false);
  });
});
