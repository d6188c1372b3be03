/**
 * Every message of the spec's form validation (work-management section 5, Messages by element) and every
 * technical error of section 8, verbatim. The server refuses a save with these same texts, so they live once.
 */

export const REQUIRED_MESSAGE = 'This field is required.';
export const NUMBER_REQUIRED_MESSAGE = 'This field is required and must be a number.';
export const INTEGER_ONLY_MESSAGE = 'Input must be an integer (no decimal places).';
export const NOT_A_NUMBER_MESSAGE = 'Input is not recognized as a number.';
export const INVALID_OPTION_MESSAGE = 'One or more invalid options are selected.';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error.';

export const minLengthMessage = (length: number, minLength: number): string =>
  `Input of length ${length} does not meet minimum length requirement of ${minLength} characters.`;

export const maxLengthMessage = (length: number, maxLength: number): string =>
  `Input of length ${length} exceeds maximum length requirement of ${maxLength} characters.`;

export const belowMinimumMessage = (value: number, min: number): string =>
  `Input of value ${value} is less than the allowed minimum of ${min}.`;

/** 'minimum' for the maximum is the spec's wording as shown (issue 23 confirms it): keep it. */
export const aboveMaximumMessage = (value: number, max: number): string =>
  `Input of value ${value} is greater than the allowed minimum of ${max}.`;

export const tooFewSelectionsMessage = (minSelections: number, current: number): string =>
  `At least ${minSelections} options must be selected. Current: ${current}`;

export const tooManySelectionsMessage = (maxSelections: number, current: number): string =>
  `No more than ${maxSelections} options may be selected. Current: ${current}`;

const NUMBER = '-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?';
const SPEC_MESSAGE_PATTERNS: readonly RegExp[] = [
  new RegExp(`^Input of length \\d+ does not meet minimum length requirement of ${NUMBER} characters\\.$`),
  new RegExp(`^Input of length \\d+ exceeds maximum length requirement of ${NUMBER} characters\\.$`),
  new RegExp(`^Input of value ${NUMBER} is less than the allowed minimum of ${NUMBER}\\.$`),
  new RegExp(`^Input of value ${NUMBER} is greater than the allowed minimum of ${NUMBER}\\.$`),
  new RegExp(`^At least ${NUMBER} options must be selected\\. Current: \\d+$`),
  new RegExp(`^No more than ${NUMBER} options may be selected\\. Current: \\d+$`),
];
const SPEC_FIXED_MESSAGES: ReadonlySet<string> = new Set([
  REQUIRED_MESSAGE,
  NUMBER_REQUIRED_MESSAGE,
  INTEGER_ONLY_MESSAGE,
  NOT_A_NUMBER_MESSAGE,
  INVALID_OPTION_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
]);

/** True when the text is one of the spec's validation messages (fixed, or one of its templates filled in). */
export function isFormValidationMessage(text: string): boolean {
  return SPEC_FIXED_MESSAGES.has(text) || SPEC_MESSAGE_PATTERNS.some((pattern) => pattern.test(text));
}

/** A programming or data error of the form machinery (spec section 8, Technical errors), not a user's mistake. */
export class FormTechnicalError extends Error {
  override name = 'FormTechnicalError';
}

export const unhandledElementType = (): FormTechnicalError =>
  new FormTechnicalError('unhandled element type');

export const unhandledFormValueType = (): FormTechnicalError =>
  new FormTechnicalError('unhandled form value type');

export const missingAssociationIdError = (): FormTechnicalError =>
  new FormTechnicalError('Unable to transform to API payload - formElementDefAssociationId is required');

export const entityIdNotInitialized = (): FormTechnicalError =>
  new FormTechnicalError('Entity ID not initialized, cannot construct valid payload.');

export const elementNotFound = (formElementDefAssociationId: number): FormTechnicalError =>
  new FormTechnicalError(
    `Unable to find element with formElementDefAssociationId ${formElementDefAssociationId}.`,
  );

/** The spec names a multi-select non-array error without its text; this one says what went wrong. */
export const multiSelectNotArray = (): FormTechnicalError =>
  new FormTechnicalError('A multi-select in multiple mode needs an array value.');
