/** Small builders of form elements for the forms tests (hand-written cases; generated ones are in formArbitraries). */
import { type FormElement, type FormElementDefOptions, type FormElementType } from './formModel.ts';

let nextId = 1;

/** A top-level element with a fresh association id (definition id 100 more), shown in creation order. */
export function buildFormElement(
  type: FormElementType,
  formElementDefOptions: FormElementDefOptions = {},
  overrides: Partial<FormElement> = {},
): FormElement {
  const id = nextId++;
  return {
    formElementDefAssociationId: id,
    formElementDefId: 100 + id,
    label: `${type} ${id}`,
    rootFormId: 7,
    parentFormElementDefId: null,
    isRequired: false,
    displayOrder: id,
    type,
    elements: [],
    formElementDefOptions,
    ...overrides,
  };
}

/**
 * A valid object with some fields overwritten by what the types forbid, as data from outside could carry
 * (an element of type 'colour', a multiText value that is not an array): for the technical-error tests.
 */
export function withOddFields<T extends object>(valid: T, odd: Record<string, unknown>): T {
  return Object.assign(valid, odd);
}
