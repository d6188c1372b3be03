import { useCallback, useSyncExternalStore } from 'react';
import type { ElementState, FormScreenStore } from './formScreenStore.ts';

/** One element's value, error and changed flag: the row renders when these change, not when another row does. */
export function useElementState(store: FormScreenStore, associationId: number): ElementState {
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeElement(associationId, listener),
    [store, associationId],
  );
  return useSyncExternalStore(subscribe, () => store.get(associationId));
}

/** Whether anything changed (Save's enablement). */
export function useHasChanges(store: FormScreenStore): boolean {
  return useSyncExternalStore(store.subscribeSummary, store.hasChanges);
}

/** The errors shown now, by association id (a collapsed group's highlight). */
export function useFormErrors(store: FormScreenStore): Readonly<Record<number, string>> {
  return useSyncExternalStore(store.subscribeSummary, store.errors);
}
