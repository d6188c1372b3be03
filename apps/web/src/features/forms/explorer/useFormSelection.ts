import { useCallback, useMemo, useState } from 'react';
import { formInstanceKey, type FormInstanceRow } from './formExplorerQueries.ts';

export interface FormSelection {
  /** The chosen rows in the order they were chosen; they stay chosen across pages and filters. */
  rows: FormInstanceRow[];
  isSelected: (row: FormInstanceRow) => boolean;
  toggle: (row: FormInstanceRow) => void;
  replace: (rows: readonly FormInstanceRow[]) => void;
  clear: () => void;
}

/** The explorer's multi-row selection, keyed by form, ticket and asset (one filled form). */
export function useFormSelection(): FormSelection {
  const [chosen, setChosen] = useState<ReadonlyMap<string, FormInstanceRow>>(new Map());
  const toggle = useCallback(
    (row: FormInstanceRow) =>
      setChosen((current) => {
        const next = new Map(current);
        const key = formInstanceKey(row);
        if (next.has(key)) next.delete(key);
        else next.set(key, row);
        return next;
      }),
    [],
  );
  const replace = useCallback(
    (rows: readonly FormInstanceRow[]) => setChosen(new Map(rows.map((row) => [formInstanceKey(row), row]))),
    [],
  );
  const clear = useCallback(() => setChosen(new Map()), []);
  return useMemo(
    () => ({
      rows: [...chosen.values()],
      isSelected: (row: FormInstanceRow) => chosen.has(formInstanceKey(row)),
      toggle,
      replace,
      clear,
    }),
    [chosen, toggle, replace, clear],
  );
}
