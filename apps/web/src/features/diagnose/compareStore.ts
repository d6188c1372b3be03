import { isCompareChoice, isRecord, type CompareChoice } from '@kelvin/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface CompareState {
  /** The earlier period each chart group overlays, by group id. */
  byGroup: Record<string, CompareChoice>;
}

/** What session storage holds, kept only where it is a well-formed choice. */
function restoreCompare(saved: unknown): CompareState {
  const raw = isRecord(saved) && isRecord(saved.byGroup) ? saved.byGroup : {};
  return {
    byGroup: Object.fromEntries(
      Object.entries(raw).filter((entry): entry is [string, CompareChoice] => isCompareChoice(entry[1])),
    ),
  };
}

/**
 * Comparisons are a way of looking, not part of a view: kept per tab beside the diagnose state, so that a reload
 * keeps them, and not saved into shared views (whose data the spec fixes).
 */
export const useCompareStore = create<CompareState>()(
  persist(() => ({ byGroup: {} }), {
    name: 'kelvin.diagnose.compare',
    storage: createJSONStorage(() => sessionStorage),
    merge: (saved) => restoreCompare(saved),
  }),
);

export function setGroupCompare(groupId: string, choice: CompareChoice | null): void {
  useCompareStore.setState((state) => {
    const others = Object.entries(state.byGroup).filter(([id]) => id !== groupId);
    return { byGroup: Object.fromEntries(choice === null ? others : [...others, [groupId, choice]]) };
  });
}
