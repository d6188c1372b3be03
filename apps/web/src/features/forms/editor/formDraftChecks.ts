import { defaultFormValue, validateElement, type FormElement } from '@kelvin/domain';
import {
  ELEMENT_TYPE_LABELS,
  flattenDraft,
  savedOptions,
  type DraftElement,
  type FormDraft,
} from './formDraft.ts';

/**
 * The checks the editor makes before a save, so that what the server would refuse is said next to the setting
 * that causes it. A default must pass the element's own validation (the domain's validateElement, the one the form
 * screen and the server apply to a technician's value), so a form never starts with a value it would refuse.
 */

export const FORM_LABEL_MISSING = 'Give the form a name.';
export const LABEL_MISSING = 'Give the element a label.';
export const LENGTHS_OUT_OF_ORDER = 'The minimum length must not be more than the maximum length.';
export const BOUNDS_OUT_OF_ORDER = 'The minimum must not be more than the maximum.';
export const SELECTIONS_OUT_OF_ORDER = 'The minimum selections must not be more than the maximum selections.';
export const NO_OPTIONS = 'Add at least one option.';
export const EMPTY_OPTION = 'An option must not be empty.';
export const REPEATED_OPTION = 'Each option may appear once.';
export const TOO_MANY_REQUIRED_SELECTIONS =
  'The minimum selections must not be more than the options offered.';

/** The element as the domain's validation sees it (ids do not matter to it). */
function asFormElement(element: DraftElement): FormElement {
  return {
    formElementDefAssociationId: 0,
    formElementDefId: 0,
    label: element.label,
    rootFormId: 0,
    parentFormElementDefId: null,
    isRequired: element.isRequired,
    displayOrder: 0,
    type: element.type,
    elements: [],
    formElementDefOptions: savedOptions(element),
  };
}

const outOfOrder = (low: number | null | undefined, high: number | null | undefined): boolean =>
  typeof low === 'number' && typeof high === 'number' && low > high;

function choiceProblems(element: DraftElement): string[] {
  const values = element.options.values ?? [];
  const problems: string[] = [];
  if (values.length === 0) problems.push(NO_OPTIONS);
  if (values.some((value) => value.trim() === '')) problems.push(EMPTY_OPTION);
  if (new Set(values.map((value) => value.trim())).size !== values.length) problems.push(REPEATED_OPTION);
  const { minSelections, maxSelections } = element.options;
  if (element.type === 'multiSelect') {
    if (outOfOrder(minSelections, maxSelections)) problems.push(SELECTIONS_OUT_OF_ORDER);
    if (typeof minSelections === 'number' && minSelections > values.length)
      problems.push(TOO_MANY_REQUIRED_SELECTIONS);
  }
  return problems;
}

/** The default's problem: one the element cannot hold, or one its own validation refuses. */
function defaultProblem(element: DraftElement): string | null {
  const raw = element.options.default;
  if (raw === undefined || raw === null || raw === '' || element.type === 'group') return null;
  const formElement = asFormElement(element);
  const value = defaultFormValue(formElement);
  if (value === null) return `The default is not a valid ${ELEMENT_TYPE_LABELS[element.type].toLowerCase()}.`;
  // Required is the technician's to satisfy; the default is checked against every other rule.
  const message = validateElement(formElement, value, { checkRequired: false });
  return message === null ? null : `Default: ${message}`;
}

/** Every problem of one element, in the order its settings show them. */
export function draftElementProblems(element: DraftElement): string[] {
  const problems: string[] = [];
  if (element.label.trim() === '') problems.push(LABEL_MISSING);
  if (element.type === 'text' && outOfOrder(element.options.minLength, element.options.maxLength))
    problems.push(LENGTHS_OUT_OF_ORDER);
  if (element.type === 'number' && outOfOrder(element.options.min, element.options.max))
    problems.push(BOUNDS_OUT_OF_ORDER);
  if (element.type === 'select' || element.type === 'multiSelect') problems.push(...choiceProblems(element));
  const problem = defaultProblem(element);
  if (problem !== null) problems.push(problem);
  return problems;
}

export interface DraftProblems {
  /** The form's own problem (its name), or null. */
  form: string | null;
  /** Problems by element key; an element without problems has no entry. */
  elements: ReadonlyMap<string, readonly string[]>;
  /** Keys with problems in the tree's order, for 'go to the first problem'. */
  order: readonly string[];
}

export function checkFormDraft(draft: FormDraft): DraftProblems {
  const elements = new Map<string, readonly string[]>();
  for (const { element } of flattenDraft(draft.elements)) {
    const problems = draftElementProblems(element);
    if (problems.length > 0) elements.set(element.key, problems);
  }
  return {
    form: draft.label.trim() === '' ? FORM_LABEL_MISSING : null,
    elements,
    order: [...elements.keys()],
  };
}

export const draftHasProblems = (problems: DraftProblems): boolean =>
  problems.form !== null || problems.elements.size > 0;
