/**
 * The one validation of form values (spec section 5, Messages by element), used by the form screen on every input
 * and by the server, which refuses a save with the same messages, naming the element.
 */
import { isDuration } from '../time/duration.ts';
import {
  FORM_ELEMENT_TYPES,
  FORM_VALUE_TYPES,
  VALUE_TYPE_OF_ELEMENT,
  formValuesByAssociationId,
  walkFormElements,
  type FormElement,
  type FormElementDefOptions,
  type FormValue,
  type TypedFormValue,
} from './formModel.ts';
import {
  INTEGER_ONLY_MESSAGE,
  INVALID_OPTION_MESSAGE,
  NOT_A_NUMBER_MESSAGE,
  NUMBER_REQUIRED_MESSAGE,
  REQUIRED_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
  aboveMaximumMessage,
  elementNotFound,
  belowMinimumMessage,
  maxLengthMessage,
  minLengthMessage,
  multiSelectNotArray,
  tooFewSelectionsMessage,
  tooManySelectionsMessage,
  unhandledElementType,
  unhandledFormValueType,
} from './formMessages.ts';

export interface FormValidationOptions {
  /** Off while a user is still filling the form in (spec: "the required checks can be switched off"). */
  checkRequired: boolean;
}

/** Errors by formElementDefAssociationId; an element without an error has no entry. */
export type FormErrors = Record<number, string>;

const CHECK_REQUIRED: FormValidationOptions = { checkRequired: true };

const knownElementTypes: ReadonlySet<string> = new Set(FORM_ELEMENT_TYPES);
const knownValueTypes: ReadonlySet<string> = new Set(FORM_VALUE_TYPES);

/** Spec: an empty multiSelect becomes null; an empty text or select counts as missing for the required rule. */
function isEmpty(value: TypedFormValue | null): boolean {
  if (value === null) return true;
  if (value.type === 'multiText') return Array.isArray(value.value) && value.value.length === 0;
  if (value.type === 'text') return value.value === '';
  return false;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd naming a day that exists (2026-02-30 does not). */
function isCalendarDate(text: string): boolean {
  const match = DATE_ONLY.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isSet = (limit: number | null | undefined): limit is number =>
  typeof limit === 'number' && Number.isFinite(limit);

function textProblem(text: string, options: FormElementDefOptions): string | null {
  if (typeof text !== 'string') return UNKNOWN_ERROR_MESSAGE;
  if (isSet(options.minLength) && text.length < options.minLength) {
    return minLengthMessage(text.length, options.minLength);
  }
  if (isSet(options.maxLength) && text.length > options.maxLength) {
    return maxLengthMessage(text.length, options.maxLength);
  }
  return null;
}

function numberProblem(value: number, options: FormElementDefOptions): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NOT_A_NUMBER_MESSAGE;
  if (options.format === 'integer' && !Number.isInteger(value)) return INTEGER_ONLY_MESSAGE;
  if (isSet(options.min) && value < options.min) return belowMinimumMessage(value, options.min);
  if (isSet(options.max) && value > options.max) return aboveMaximumMessage(value, options.max);
  return null;
}

const isOffered = (choice: string, options: FormElementDefOptions): boolean =>
  !Array.isArray(options.values) || options.values.includes(choice);

function multiSelectProblem(choices: string[], options: FormElementDefOptions): string | null {
  if (!Array.isArray(choices)) throw multiSelectNotArray();
  if (!choices.every((choice) => isOffered(choice, options))) return INVALID_OPTION_MESSAGE;
  if (isSet(options.minSelections) && choices.length < options.minSelections) {
    return tooFewSelectionsMessage(options.minSelections, choices.length);
  }
  if (isSet(options.maxSelections) && choices.length > options.maxSelections) {
    return tooManySelectionsMessage(options.maxSelections, choices.length);
  }
  return null;
}

/** The rules past "is it there and of the right type", by element type. Only required is checked for date,
 * dateTime, duration and boolean; a value they cannot hold is one of the spec's 'other failures'. */
function valueProblem(element: FormElement, value: TypedFormValue): string | null {
  const options = element.formElementDefOptions;
  switch (value.type) {
    case 'text':
      return element.type === 'select'
        ? isOffered(value.value, options)
          ? null
          : INVALID_OPTION_MESSAGE
        : textProblem(value.value, options);
    case 'number':
      return numberProblem(value.value, options);
    case 'multiText':
      return element.type === 'multiSelect'
        ? multiSelectProblem(value.value, options)
        : Array.isArray(value.value)
          ? null
          : UNKNOWN_ERROR_MESSAGE;
    case 'date':
      return isCalendarDate(value.value) ? null : UNKNOWN_ERROR_MESSAGE;
    case 'dateTime':
      return typeof value.value === 'string' && !Number.isNaN(Date.parse(value.value))
        ? null
        : UNKNOWN_ERROR_MESSAGE;
    case 'duration':
      return typeof value.value === 'string' && isDuration(value.value) ? null : UNKNOWN_ERROR_MESSAGE;
    case 'boolean':
      return typeof value.value === 'boolean' ? null : UNKNOWN_ERROR_MESSAGE;
  }
}

/**
 * The message for one element's value, or null when it is valid. A missing value (absent, null, an empty text or
 * an empty multiSelect) is an error only when the element is required and required checks are on; a value of the
 * wrong type for the element is a type mismatch ('Unknown error.'); a value for a group is an error.
 * Throws 'unhandled element type' / 'unhandled form value type' for types outside the spec's.
 */
export function validateElement(
  element: FormElement,
  value: TypedFormValue | null,
  options: FormValidationOptions = CHECK_REQUIRED,
): string | null {
  if (!knownElementTypes.has(element.type)) throw unhandledElementType();
  if (value !== null && !knownValueTypes.has(value.type)) throw unhandledFormValueType();
  if (element.type === 'group') return value === null ? null : UNKNOWN_ERROR_MESSAGE;
  if (isEmpty(value)) {
    if (!options.checkRequired || !element.isRequired) return null;
    return element.type === 'number' ? NUMBER_REQUIRED_MESSAGE : REQUIRED_MESSAGE;
  }
  if (value === null) return null; // isEmpty covers it; narrows the type
  if (value.type !== VALUE_TYPE_OF_ELEMENT[element.type]) return UNKNOWN_ERROR_MESSAGE;
  return valueProblem(element, value);
}

/**
 * Every element's error, walking into groups in display order. An element with no value in `values` is validated
 * as null (the update payload drops null values, so the server sees them absent).
 */
export function validateForm(
  elements: readonly FormElement[],
  values: readonly FormValue[],
  options: FormValidationOptions = CHECK_REQUIRED,
): FormErrors {
  const byId = formValuesByAssociationId(values);
  const errors: FormErrors = {};
  for (const element of walkFormElements(elements)) {
    const message = validateElement(element, byId.get(element.formElementDefAssociationId) ?? null, options);
    if (message !== null) errors[element.formElementDefAssociationId] = message;
  }
  return errors;
}

/** The name the agreed model gives the whole-form validation (formModel brief); the same function. */
export const validateFormValues = validateForm;

/** The errors with one element's error replaced by its value's, or removed when it is now valid (a copy). */
export function revalidateElement(
  errors: Readonly<FormErrors>,
  element: FormElement,
  value: TypedFormValue | null,
  options: FormValidationOptions = CHECK_REQUIRED,
): FormErrors {
  const { [element.formElementDefAssociationId]: _previous, ...others } = errors;
  const message = validateElement(element, value, options);
  return message === null ? others : { ...others, [element.formElementDefAssociationId]: message };
}

/** True when a group or any element under it has an error (a collapsed group shows the error highlight). */
export function groupHasError(group: FormElement, errors: Readonly<FormErrors>): boolean {
  return walkFormElements([group]).some((element) => element.formElementDefAssociationId in errors);
}

/** One element's error with the element's label, so that a refusal names the element (server) or a list shows it. */
export interface LabelledFormError {
  formElementDefAssociationId: number;
  label: string;
  message: string;
}

/** The errors in display order, each with its element's label. */
export function labelFormErrors(
  elements: readonly FormElement[],
  errors: Readonly<FormErrors>,
): LabelledFormError[] {
  return walkFormElements(elements).flatMap((element) => {
    const message = errors[element.formElementDefAssociationId];
    return message === undefined
      ? []
      : [{ formElementDefAssociationId: element.formElementDefAssociationId, label: element.label, message }];
  });
}

/** Every value must belong to an element of the form: 'Unable to find element with formElementDefAssociationId {id}.' */
export function assertValuesBelongToForm(
  elements: readonly FormElement[],
  values: readonly FormValue[],
): void {
  const ids = new Set(walkFormElements(elements).map((element) => element.formElementDefAssociationId));
  const stranger = values.find((value) => !ids.has(value.formElementDefAssociationId));
  if (stranger) throw elementNotFound(stranger.formElementDefAssociationId);
}
