/**
 * Editing a filled form (spec section 4, Form status and Form editing): the changed flag, the values a form starts
 * from, and the update payload the save sends.
 */
import {
  formValuesByAssociationId,
  initialFormValues,
  walkFormElements,
  type FormDefinition,
  type FormMetadata,
  type FormTimeEntry,
  type FormUpdatePayload,
  type FormValue,
  type TypedFormValue,
} from './formModel.ts';
import { entityIdNotInitialized, missingAssociationIdError } from './formMessages.ts';

/** Same value: same type and content; a multiSelect's choices compare as a set (their order means nothing). */
export function sameFormValue(a: TypedFormValue | null, b: TypedFormValue | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.type === 'multiText' && b.type === 'multiText') {
    const left = new Set(a.value);
    const right = new Set(b.value);
    return left.size === right.size && [...left].every((choice) => right.has(choice));
  }
  if (a.type === 'number' && b.type === 'number') {
    return Object.is(a.value, b.value) || a.value === b.value;
  }
  return a.type === b.type && a.value === b.value;
}

/**
 * Spec: a field's changed flag is true when its value differs from the original, or is non-null where there was
 * no original (undefined or null: nothing stored for it).
 */
export function isFormValueChanged(
  original: TypedFormValue | null | undefined,
  current: TypedFormValue | null,
): boolean {
  if (original === undefined || original === null) return current !== null;
  return !sameFormValue(original, current);
}

/** The association ids of the fields whose changed flag is on. */
export function changedFormElementIds(
  originalValues: readonly FormValue[],
  currentValues: readonly FormValue[],
): Set<number> {
  const originals = formValuesByAssociationId(originalValues);
  const changed = new Set<number>();
  for (const value of currentValues) {
    if (isFormValueChanged(originals.get(value.formElementDefAssociationId), value.value)) {
      changed.add(value.formElementDefAssociationId);
    }
  }
  return changed;
}

/** True when any field changed: Save stays disabled until then. */
export const hasFormChanges = (
  originalValues: readonly FormValue[],
  currentValues: readonly FormValue[],
): boolean => changedFormElementIds(originalValues, currentValues).size > 0;

/** True when any value is set: 'Export to Excel', 'Download Attachments' and the read-only form need one. */
export const formHasValues = (values: readonly FormValue[]): boolean =>
  values.some((value) => value.value !== null);

/**
 * The values a form screen starts from: each element's default (spec) when nothing was stored for this form yet;
 * once the form has been saved, what was stored, and null for the rest (a saved form's cleared field must not come
 * back as its default: the save drops null values, so the server keeps no trace of the clearing).
 */
export function startingFormValues(form: FormDefinition, stored: readonly FormValue[]): FormValue[] {
  const initial = initialFormValues(form);
  if (stored.length === 0) return initial;
  const storedById = formValuesByAssociationId(stored);
  return initial.map((value) => ({
    ...value,
    value: storedById.get(value.formElementDefAssociationId) ?? null,
  }));
}

/** Where a save goes: a ticket (the one entity type forms are shown for) and its form. */
export interface FormSaveTarget {
  entityType: 'TICKET';
  entityId: number | null | undefined;
  formId: number;
}

/**
 * The value as the API takes it; 'Unable to transform to API payload - formElementDefAssociationId is required'
 * when it has no association id (data from outside the types can lack one).
 */
export function formValueToPayload(value: FormValue): FormValue {
  const id: unknown = value.formElementDefAssociationId;
  if (typeof id !== 'number' || !Number.isFinite(id)) throw missingAssociationIdError();
  return {
    formElementDefAssociationId: value.formElementDefAssociationId,
    formElementDefId: value.formElementDefId,
    formId: value.formId,
    value: value.value,
  };
}

/**
 * The update payload (spec): entityType, entityId, the form values without the null ones, the work time sheet and
 * checkRequiredFormElementValues true. 'Entity ID not initialized, cannot construct valid payload.' without an id.
 */
export function buildFormUpdatePayload(
  target: FormSaveTarget,
  values: readonly FormValue[],
  workTimeSheet: readonly FormTimeEntry[],
): FormUpdatePayload {
  const { entityId } = target;
  if (entityId === null || entityId === undefined || !Number.isFinite(entityId))
    throw entityIdNotInitialized();
  return {
    entityType: target.entityType,
    entityId,
    formId: target.formId,
    formValues: values.filter((value) => value.value !== null).map(formValueToPayload),
    checkRequiredFormElementValues: true,
    workTimeSheet: [...workTimeSheet],
  };
}

export type FormStatus = 'Available' | 'In progress' | 'Completed';
export type FormExplorerStatus = 'Completed' | 'In Progress';

/** Spec: 'Available' (no metadata), 'In progress' (metadata present, not complete), 'Completed' (isFormCompleted). */
export function formStatus(metadata: Pick<FormMetadata, 'isFormCompleted'> | null | undefined): FormStatus {
  if (!metadata) return 'Available';
  return metadata.isFormCompleted ? 'Completed' : 'In progress';
}

/** The explorer lists instances only (they all have metadata): Completed or In Progress, capital P as the spec. */
export const formExplorerStatus = (isFormCompleted: boolean): FormExplorerStatus =>
  isFormCompleted ? 'Completed' : 'In Progress';

/** The explorer's ID column: form id - entity id. */
export const formInstanceLabel = (formId: number, entityId: number): string => `${formId} - ${entityId}`;

/** Spec (Form explorer): the date filter applies only when from is earlier than to. */
export function explorerTimeWindow(
  from: string | null | undefined,
  to: string | null | undefined,
): { from: string; to: string } | undefined {
  if (!from || !to) return undefined;
  const start = Date.parse(from);
  const end = Date.parse(to);
  return Number.isFinite(start) && Number.isFinite(end) && start < end ? { from, to } : undefined;
}

/** Spec (Form explorer): company filter values are parsed as integers; what is not one is left out. */
export const parseCompanyFilter = (values: readonly string[]): number[] =>
  values.map((value) => Number.parseInt(value, 10)).filter((id) => Number.isInteger(id));

/** Every non-group element paired with its value (null when none), in display order. */
export function elementValuePairs(
  form: FormDefinition,
  values: readonly FormValue[],
): Array<{ formElementDefAssociationId: number; label: string; value: TypedFormValue | null }> {
  const byId = formValuesByAssociationId(values);
  return walkFormElements(form.formElements)
    .filter((element) => element.type !== 'group')
    .map((element) => ({
      formElementDefAssociationId: element.formElementDefAssociationId,
      label: element.label,
      value: byId.get(element.formElementDefAssociationId) ?? null,
    }));
}
