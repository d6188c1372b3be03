/**
 * The dynamic form (checklist) model of issue 23, shared by the contract, the server and the web console. The
 * names and shapes are the ones agreed between the engineers of issue 23 (spec section 3, Dynamic form): keep them.
 */
import { isDuration } from '../time/duration.ts';
import { elementNotFound } from './formMessages.ts';

export type FormElementType =
  | 'boolean'
  | 'date'
  | 'dateTime'
  | 'duration'
  | 'group'
  | 'multiSelect'
  | 'multiText'
  | 'select'
  | 'number'
  | 'text';

/** Every element type, in the spec's order: a tuple, for exhaustive checks, zod enums and generators. */
export const FORM_ELEMENT_TYPES = [
  'boolean',
  'date',
  'dateTime',
  'duration',
  'group',
  'multiSelect',
  'multiText',
  'select',
  'number',
  'text',
] as const satisfies readonly FormElementType[];

export interface FormElementDefOptions {
  /** text/number/date (yyyy-MM-dd)/dateTime (ISO)/duration (ISO duration, null = none) */
  default?: string | number | boolean | null;
  /** text */
  minLength?: number | null;
  maxLength?: number | null;
  /** number */
  format?: 'integer' | 'decimal' | null;
  min?: number | null;
  max?: number | null;
  /** select, multiSelect */
  values?: string[] | null;
  /** select: radio|dropdown; multiSelect: checkbox|dropdown */
  displayFormat?: 'radio' | 'dropdown' | 'checkbox' | null;
  /** multiSelect */
  minSelections?: number | null;
  maxSelections?: number | null;
  /** number/text/boolean bound to one of the unit's metrics (e.g. 'temperature.supplyAir') */
  metricAlias?: string | null;
}

export interface FormElement {
  formElementDefAssociationId: number;
  formElementDefId: number;
  label: string;
  rootFormId: number;
  parentFormElementDefId: number | null;
  isRequired: boolean;
  displayOrder: number;
  type: FormElementType;
  /** children of a group, ordered by displayOrder; [] otherwise */
  elements: FormElement[];
  formElementDefOptions: FormElementDefOptions;
}

export interface FormDefinition {
  formId: number;
  label: string;
  version: number;
  formElements: FormElement[];
}

export type TypedFormValue =
  | { type: 'boolean'; value: boolean }
  /** yyyy-MM-dd */
  | { type: 'date'; value: string }
  /** ISO 8601 instant */
  | { type: 'dateTime'; value: string }
  /** ISO duration 'PT1H30M' */
  | { type: 'duration'; value: string }
  /** multiSelect */
  | { type: 'multiText'; value: string[] }
  /** capturedAt: a reading taken from the unit */
  | { type: 'number'; value: number; capturedAt?: string }
  /** text and select */
  | { type: 'text'; value: string };

export type FormValueType = TypedFormValue['type'];

/** Every form value type, in the spec's order: a tuple, like FORM_ELEMENT_TYPES. */
export const FORM_VALUE_TYPES = [
  'boolean',
  'date',
  'dateTime',
  'duration',
  'multiText',
  'number',
  'text',
] as const satisfies readonly FormValueType[];

/** Compile-time guards: the tuples above list every type of the model (satisfies keeps out the rest). */
type AllListed<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
const _everyElementTypeListed: AllListed<FormElementType, (typeof FORM_ELEMENT_TYPES)[number]> = true;
const _everyValueTypeListed: AllListed<FormValueType, (typeof FORM_VALUE_TYPES)[number]> = true;

export interface FormValue {
  formElementDefAssociationId: number;
  formElementDefId: number;
  formId: number;
  value: TypedFormValue | null;
}

/** ISO instant, ISO duration */
export interface FormTimeEntry {
  startTimestamp: string;
  elapsedDuration: string;
}

export interface FormMetadata {
  formId: number;
  entityType: 'TICKET';
  entityId: number;
  isFormCompleted: boolean;
  formVersion: number;
  formTimeTracker: FormTimeEntry[];
}

export interface FormUpdatePayload {
  entityType: 'TICKET';
  entityId: number;
  formId: number;
  formValues: FormValue[];
  checkRequiredFormElementValues: true;
  workTimeSheet: FormTimeEntry[];
}

/** The value type an element of each type holds; a group holds none. */
export const VALUE_TYPE_OF_ELEMENT: Readonly<Record<FormElementType, FormValueType | null>> = {
  boolean: 'boolean',
  date: 'date',
  dateTime: 'dateTime',
  duration: 'duration',
  group: null,
  multiSelect: 'multiText',
  multiText: 'multiText',
  select: 'text',
  number: 'number',
  text: 'text',
};

const byDisplayOrder = (a: FormElement, b: FormElement): number => a.displayOrder - b.displayOrder;

/**
 * Every element in display order, depth first: a group comes before its children, and siblings are sorted by
 * displayOrder (the server's order is not trusted to be sorted). Groups are included.
 */
export function walkFormElements(elements: readonly FormElement[]): FormElement[] {
  const walked: FormElement[] = [];
  const visit = (level: readonly FormElement[]): void => {
    for (const element of [...level].sort(byDisplayOrder)) {
      walked.push(element);
      visit(element.elements);
    }
  };
  visit(elements);
  return walked;
}

/** The elements of a level sorted by displayOrder (a copy; the input is left as it is). */
export const sortByDisplayOrder = (elements: readonly FormElement[]): FormElement[] =>
  [...elements].sort(byDisplayOrder);

/** The element with this association id anywhere in the tree, or undefined. */
export function findFormElement(
  elements: readonly FormElement[],
  formElementDefAssociationId: number,
): FormElement | undefined {
  return walkFormElements(elements).find(
    (element) => element.formElementDefAssociationId === formElementDefAssociationId,
  );
}

/** Every element by association id, for screens that look elements up on each keystroke (one walk, not one per
 * lookup). */
export function indexFormElements(elements: readonly FormElement[]): Map<number, FormElement> {
  return new Map(walkFormElements(elements).map((element) => [element.formElementDefAssociationId, element]));
}

/** The element with this association id; spec technical error when there is none. */
export function requireFormElement(
  elements: readonly FormElement[],
  formElementDefAssociationId: number,
): FormElement {
  const element = findFormElement(elements, formElementDefAssociationId);
  if (!element) throw elementNotFound(formElementDefAssociationId);
  return element;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date default as yyyy-MM-dd: a plain date as it is, the date part of an ISO instant, else none. */
function dateDefault(raw: string): string | null {
  if (DATE_ONLY.test(raw)) return raw;
  const prefix = raw.slice(0, 10);
  return DATE_ONLY.test(prefix) && !Number.isNaN(Date.parse(raw)) ? prefix : null;
}

/** A dateTime default as an ISO instant, or none when the text is not a date. */
function dateTimeDefault(raw: string): string | null {
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** A number default: numeric, also when the definition stores it as text ('12.5'); else none. */
function numberDefault(raw: string | number | boolean): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const parsed = Number(raw);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * The value an element starts with (spec: "Form values start from each element's default"). Number defaults are
 * numeric, dates yyyy-MM-dd, dateTimes ISO instants, durations ISO duration text (a null default, or text that is
 * not a duration, means none), text and select their text; a group and an element without a default have none.
 */
export function defaultFormValue(element: FormElement): TypedFormValue | null {
  const raw = element.formElementDefOptions.default;
  if (raw === undefined || raw === null) return null;
  switch (element.type) {
    case 'number': {
      const value = numberDefault(raw);
      return value === null ? null : { type: 'number', value };
    }
    case 'date': {
      const value = typeof raw === 'string' ? dateDefault(raw) : null;
      return value === null ? null : { type: 'date', value };
    }
    case 'dateTime': {
      const value = typeof raw === 'string' ? dateTimeDefault(raw) : null;
      return value === null ? null : { type: 'dateTime', value };
    }
    case 'duration':
      return typeof raw === 'string' && isDuration(raw) ? { type: 'duration', value: raw } : null;
    case 'boolean':
      return typeof raw === 'boolean' ? { type: 'boolean', value: raw } : null;
    case 'text':
    case 'select':
      return { type: 'text', value: String(raw) };
    case 'multiSelect':
    case 'multiText':
      return typeof raw === 'string' && raw !== '' ? { type: 'multiText', value: [raw] } : null;
    case 'group':
      return null;
  }
}

/** One FormValue per non-group element of the form, in display order, each holding the element's default. */
export function initialFormValues(form: FormDefinition): FormValue[] {
  return walkFormElements(form.formElements)
    .filter((element) => element.type !== 'group')
    .map((element) => ({
      formElementDefAssociationId: element.formElementDefAssociationId,
      formElementDefId: element.formElementDefId,
      formId: form.formId,
      value: defaultFormValue(element),
    }));
}

/** Values keyed by association id, the way screens and validation look them up. */
export function formValuesByAssociationId(values: readonly FormValue[]): Map<number, TypedFormValue | null> {
  return new Map(values.map((value) => [value.formElementDefAssociationId, value.value]));
}
