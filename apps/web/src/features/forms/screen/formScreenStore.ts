import type { FormElement, FormValue, TypedFormValue } from '@kelvin/domain';

/** What a row of the form screen draws of its element: read together, replaced together. */
export interface ElementState {
  value: TypedFormValue | null;
  error: string | null;
  changed: boolean;
}

/** The rules the store applies; the form screen passes the domain's (one validation for browser and server). */
export interface FormScreenRules {
  /** The spec's changed flag: differs from the original, or non-null where there was no original. */
  isChanged: (original: TypedFormValue | null | undefined, current: TypedFormValue | null) => boolean;
  /** One element's message, or null when it is valid. */
  validateElement: (element: FormElement, value: TypedFormValue | null) => string | null;
}

export interface FormScreenStoreInput {
  formId: number;
  /** The elements of the form, groups with their children. */
  elements: readonly FormElement[];
  /** What the screen starts from: the saved value, else the element's default. */
  start: ReadonlyMap<number, TypedFormValue | null>;
  /** The saved values the changed flag compares with; an element without one is absent. */
  original: ReadonlyMap<number, TypedFormValue | null>;
}

/**
 * The values of one open form, kept outside React: a keystroke notifies only its own row (and the summary when
 * "something changed" flips), so a 500-element form renders one row per keystroke instead of 500.
 */
export interface FormScreenStore {
  get: (associationId: number) => ElementState;
  subscribeElement: (associationId: number, listener: () => void) => () => void;
  /** Sets a value; an element that shows an error is validated again (only that element). */
  setValue: (associationId: number, value: TypedFormValue | null) => void;
  /** Shows these errors (the whole-form validation's result), replacing every earlier one. */
  showErrors: (errors: Readonly<Record<number, string>>) => void;
  /** Whether any element differs from its original; changes notify `subscribeSummary`. */
  hasChanges: () => boolean;
  /** The error messages shown now, by association id; a new object whenever they change. */
  errors: () => Readonly<Record<number, string>>;
  /** Told when hasChanges or the errors change: not on every keystroke. */
  subscribeSummary: (listener: () => void) => () => void;
  /** Every non-group element's value as the wire's FormValue, in the tree's order. */
  formValues: () => FormValue[];
  /** Back to the values the screen started from (or last saved), errors cleared. */
  reset: () => void;
  /** After a save: what is shown now becomes the original (nothing reads as changed). */
  markSaved: () => void;
}

function leavesOf(elements: readonly FormElement[]): FormElement[] {
  const leaves: FormElement[] = [];
  const visit = (level: readonly FormElement[]) => {
    for (const element of level) {
      if (element.type === 'group') visit(element.elements);
      else leaves.push(element);
    }
  };
  visit(elements);
  return leaves;
}

const sameErrors = (a: Readonly<Record<number, string>>, b: Readonly<Record<number, string>>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[Number(key)] === b[Number(key)]);
};

export function createFormScreenStore(input: FormScreenStoreInput, rules: FormScreenRules): FormScreenStore {
  const leaves = leavesOf(input.elements);
  const byId = new Map(leaves.map((element) => [element.formElementDefAssociationId, element]));
  const start = new Map(input.start);
  const original = new Map(input.original);
  const values = new Map<number, TypedFormValue | null>();
  const states = new Map<number, ElementState>();
  const changedIds = new Set<number>();
  let errors: Readonly<Record<number, string>> = {};
  const elementListeners = new Map<number, Set<() => void>>();
  const summaryListeners = new Set<() => void>();

  const tellElement = (id: number) => {
    for (const listener of elementListeners.get(id) ?? []) listener();
  };
  const tellSummary = () => {
    for (const listener of summaryListeners) listener();
  };

  /** Recomputes one element's state; returns whether "something changed" flipped. */
  const refresh = (id: number): boolean => {
    const value = values.get(id) ?? null;
    const changed = rules.isChanged(original.get(id), value);
    const before = changedIds.size;
    if (changed) changedIds.add(id);
    else changedIds.delete(id);
    states.set(id, { value, error: errors[id] ?? null, changed });
    return (before === 0) !== (changedIds.size === 0);
  };

  const load = () => {
    errors = {};
    changedIds.clear();
    for (const element of leaves) {
      const id = element.formElementDefAssociationId;
      values.set(id, start.get(id) ?? null);
      refresh(id);
    }
  };
  load();

  const unknownState: ElementState = { value: null, error: null, changed: false };

  return {
    get: (id) => states.get(id) ?? unknownState,
    subscribeElement: (id, listener) => {
      let set = elementListeners.get(id);
      if (!set) {
        set = new Set();
        elementListeners.set(id, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    setValue: (id, value) => {
      const element = byId.get(id);
      if (!element) return;
      values.set(id, value);
      let errorsChanged = false;
      if (errors[id] !== undefined) {
        const message = rules.validateElement(element, value);
        if (message !== errors[id]) {
          const next: Record<number, string> = Object.fromEntries(
            Object.entries(errors).filter(([key]) => Number(key) !== id),
          );
          if (message !== null) next[id] = message;
          errors = next;
          errorsChanged = true;
        }
      }
      const flipped = refresh(id);
      tellElement(id);
      if (flipped || errorsChanged) tellSummary();
    },
    showErrors: (next) => {
      if (sameErrors(errors, next)) return;
      const touched = new Set([...Object.keys(errors), ...Object.keys(next)].map(Number));
      errors = { ...next };
      for (const id of touched) {
        if (!byId.has(id)) continue;
        refresh(id);
        tellElement(id);
      }
      tellSummary();
    },
    hasChanges: () => changedIds.size > 0,
    errors: () => errors,
    subscribeSummary: (listener) => {
      summaryListeners.add(listener);
      return () => summaryListeners.delete(listener);
    },
    formValues: () =>
      leaves.map((element) => ({
        formElementDefAssociationId: element.formElementDefAssociationId,
        formElementDefId: element.formElementDefId,
        formId: input.formId,
        value: values.get(element.formElementDefAssociationId) ?? null,
      })),
    reset: () => {
      load();
      for (const element of leaves) tellElement(element.formElementDefAssociationId);
      tellSummary();
    },
    markSaved: () => {
      for (const [id, value] of values) {
        original.set(id, value);
        start.set(id, value);
      }
      let flipped = false;
      for (const element of leaves) {
        flipped = refresh(element.formElementDefAssociationId) || flipped;
        tellElement(element.formElementDefAssociationId);
      }
      if (flipped) tellSummary();
    },
  };
}
