import type { FormElementInput } from '@kelvin/contract';
import {
  OPTIONS_BY_TYPE,
  sortByDisplayOrder,
  type FormElement,
  type FormElementDefOptions,
  type FormElementType,
} from '@kelvin/domain';

/**
 * The form editor's working copy of a definition: a tree of elements keyed by a string that stays the same while
 * the element moves, so that selection, focus and drag survive a reorder. It becomes the save call's flat list
 * (key, parentKey, displayOrder) only when saved.
 */
export interface DraftElement {
  key: string;
  /** The element of the saved version it continues; absent for an element added in this editor. */
  formElementDefId?: number;
  label: string;
  type: FormElementType;
  isRequired: boolean;
  options: FormElementDefOptions;
  /** A group's children in order; [] for every other type. */
  children: DraftElement[];
}

export interface FormDraft {
  label: string;
  elements: DraftElement[];
}

/** What each type is called in the editor: the words a technician's form shows, not the wire's. */
export const ELEMENT_TYPE_LABELS: Readonly<Record<FormElementType, string>> = {
  group: 'Group',
  text: 'Text',
  number: 'Number',
  boolean: 'Yes / No',
  select: 'Single choice',
  multiSelect: 'Multiple choice',
  multiText: 'List of texts',
  date: 'Date',
  dateTime: 'Date and time',
  duration: 'Duration',
};

/** The order of the Add element menu: structure first, then what checklists use most. */
export const ADDABLE_TYPES: readonly FormElementType[] = [
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
];

/** A fresh element of a type: choices start with one option and a display format, so they are valid at once. */
export function newDraftElement(type: FormElementType, key: string): DraftElement {
  const options: FormElementDefOptions =
    type === 'select'
      ? { values: ['Option 1'], displayFormat: 'radio' }
      : type === 'multiSelect'
        ? { values: ['Option 1'], displayFormat: 'checkbox' }
        : type === 'number'
          ? { format: 'decimal' }
          : {};
  return {
    key,
    label: `New ${ELEMENT_TYPE_LABELS[type].toLowerCase()}`,
    type,
    isRequired: false,
    options,
    children: [],
  };
}

/** The editor's tree of a saved definition, keyed by element definition id (unique within a form). */
export function draftFromDefinition(definition: {
  label: string;
  formElements: readonly FormElement[];
}): FormDraft {
  const toDraft = (element: FormElement): DraftElement => ({
    key: `e${element.formElementDefId}`,
    formElementDefId: element.formElementDefId,
    label: element.label,
    type: element.type,
    isRequired: element.isRequired,
    options: { ...element.formElementDefOptions },
    children: sortByDisplayOrder(element.elements).map(toDraft),
  });
  return { label: definition.label, elements: sortByDisplayOrder(definition.formElements).map(toDraft) };
}

const hasValue = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Only the options the element's type takes, and only those set: what the server accepts and stores. */
export function savedOptions(element: Pick<DraftElement, 'type' | 'options'>): FormElementDefOptions {
  const kept: FormElementDefOptions = {};
  for (const name of OPTIONS_BY_TYPE[element.type]) {
    const value = element.options[name];
    if (hasValue(value)) Object.assign(kept, { [name]: value });
  }
  return kept;
}

/** The save call's elements: flat, parents before children, each with its parent's key and its sibling order. */
export function draftToElementInputs(elements: readonly DraftElement[]): FormElementInput[] {
  const inputs: FormElementInput[] = [];
  const visit = (level: readonly DraftElement[], parentKey: string | null) => {
    level.forEach((element, displayOrder) => {
      inputs.push({
        key: element.key,
        parentKey,
        ...(element.formElementDefId === undefined ? {} : { formElementDefId: element.formElementDefId }),
        label: element.label.trim(),
        type: element.type,
        isRequired: element.type === 'group' ? false : element.isRequired,
        displayOrder,
        formElementDefOptions: savedOptions(element),
      });
      visit(element.children, element.key);
    });
  };
  visit(elements, null);
  return inputs;
}

/**
 * The draft as the form model the technician's screen renders (the preview): association and definition ids are
 * made up per element (negative for new ones), the form id is the one being edited.
 */
export function draftToFormElements(elements: readonly DraftElement[], formId: number): FormElement[] {
  let next = 0;
  const ids = new Map<string, number>();
  const idOf = (element: DraftElement) => {
    const known = ids.get(element.key);
    if (known !== undefined) return known;
    next += 1;
    ids.set(element.key, next);
    return next;
  };
  const convert = (
    element: DraftElement,
    displayOrder: number,
    parent: DraftElement | null,
  ): FormElement => ({
    formElementDefAssociationId: idOf(element),
    formElementDefId: element.formElementDefId ?? -idOf(element),
    label: element.label,
    rootFormId: formId,
    parentFormElementDefId: parent === null ? null : (parent.formElementDefId ?? -idOf(parent)),
    isRequired: element.isRequired,
    displayOrder,
    type: element.type,
    elements: element.children.map((child, order) => convert(child, order, element)),
    formElementDefOptions: savedOptions(element),
  });
  return elements.map((element, order) => convert(element, order, null));
}

/** Every element, depth first in display order, with its depth (0: on the form itself). */
export function flattenDraft(elements: readonly DraftElement[]): { element: DraftElement; depth: number }[] {
  const rows: { element: DraftElement; depth: number }[] = [];
  const visit = (level: readonly DraftElement[], depth: number) => {
    for (const element of level) {
      rows.push({ element, depth });
      visit(element.children, depth + 1);
    }
  };
  visit(elements, 0);
  return rows;
}

/** How many elements a level holds, counting into groups (the list's 'Elements' column and the tree's badge). */
export const countDraftElements = (elements: readonly DraftElement[]): number =>
  flattenDraft(elements).length;
