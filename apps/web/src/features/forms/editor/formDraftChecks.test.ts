import { describe, expect, it } from 'vitest';
import { newDraftElement, type DraftElement } from './formDraft.ts';
import {
  BOUNDS_OUT_OF_ORDER,
  LABEL_MISSING,
  LENGTHS_OUT_OF_ORDER,
  NO_OPTIONS,
  REPEATED_OPTION,
  SELECTIONS_OUT_OF_ORDER,
  checkFormDraft,
  draftElementProblems,
} from './formDraftChecks.ts';

const element = (
  type: DraftElement['type'],
  options: DraftElement['options'],
  label = 'Step',
): DraftElement => ({
  ...newDraftElement(type, 'k'),
  label,
  options,
});

describe('the checks before a save', () => {
  it('passes a fresh element of every type', () => {
    for (const type of [
      'group',
      'text',
      'number',
      'boolean',
      'select',
      'multiSelect',
      'multiText',
      'date',
      'dateTime',
      'duration',
    ] as const)
      expect(draftElementProblems(newDraftElement(type, type)), type).toEqual([]);
  });

  it('wants min ≤ max for lengths, bounds and selections', () => {
    expect(draftElementProblems(element('text', { minLength: 5, maxLength: 2 }))).toEqual([
      LENGTHS_OUT_OF_ORDER,
    ]);
    expect(draftElementProblems(element('number', { min: 5, max: 2 }))).toEqual([BOUNDS_OUT_OF_ORDER]);
    expect(
      draftElementProblems(
        element('multiSelect', { values: ['a', 'b', 'c'], minSelections: 3, maxSelections: 1 }),
      ),
    ).toEqual([SELECTIONS_OUT_OF_ORDER]);
    expect(draftElementProblems(element('number', { min: 2, max: 2 }))).toEqual([]);
  });

  it('wants at least one option, each once, for a choice', () => {
    expect(draftElementProblems(element('select', { values: [] }))).toEqual([NO_OPTIONS]);
    expect(draftElementProblems(element('multiSelect', { values: ['a', 'a'] }))).toEqual([REPEATED_OPTION]);
  });

  it("refuses a default the element's own validation refuses, in the spec's words", () => {
    expect(draftElementProblems(element('number', { default: 2.5, format: 'integer' }))).toEqual([
      'Default: Input must be an integer (no decimal places).',
    ]);
    expect(draftElementProblems(element('number', { default: 50, max: 40 }))).toEqual([
      'Default: Input of value 50 is greater than the allowed minimum of 40.',
    ]);
    expect(draftElementProblems(element('text', { default: 'ab', minLength: 3 }))).toEqual([
      'Default: Input of length 2 does not meet minimum length requirement of 3 characters.',
    ]);
    expect(draftElementProblems(element('select', { values: ['a'], default: 'b' }))).toEqual([
      'Default: One or more invalid options are selected.',
    ]);
    expect(draftElementProblems(element('duration', { default: '90 minutes' }))).toEqual([
      'The default is not a valid duration.',
    ]);
    expect(draftElementProblems(element('duration', { default: 'PT1H30M' }))).toEqual([]);
  });

  it('wants labels on the form and its elements, listing problems in tree order', () => {
    const problems = checkFormDraft({
      label: ' ',
      elements: [
        { ...newDraftElement('group', 'g'), children: [element('text', {}, '')] },
        { ...element('number', { min: 3, max: 1 }), key: 'n' },
      ],
    });
    expect(problems.form).not.toBeNull();
    expect(problems.order).toEqual(['k', 'n']);
    expect(problems.elements.get('k')).toEqual([LABEL_MISSING]);
  });
});
