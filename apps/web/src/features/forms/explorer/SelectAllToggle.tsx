import { useState } from 'react';
import { Button } from '@mantine/core';
import { notify } from '../../../app/toasts/toasts.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import type { PagedTableSort } from '../../../shared/ui/PagedTable.tsx';
import { fetchAllFormInstances, type FormInstanceFilter } from './formExplorerQueries.ts';
import type { FormSelection } from './useFormSelection.ts';

/** Select All chooses at most this many forms: an export of more would outlast anyone's patience in a tab. */
export const SELECT_ALL_LIMIT = 2000;

/**
 * Spec: the Select All / Deselect All toggle. Select All chooses every form the filters match, on every page (the
 * rows are asked for at once); with anything chosen the toggle reads Deselect All and clears the choice, like a
 * list's master checkbox.
 */
export function SelectAllToggle(props: {
  filter: FormInstanceFilter;
  sort: PagedTableSort;
  totalSize: number | undefined;
  selection: FormSelection;
  disabled?: boolean;
}) {
  const { filter, sort, totalSize, selection } = props;
  const [loading, setLoading] = useState(false);
  if (selection.rows.length > 0)
    return (
      <Button variant="default" onClick={selection.clear}>
        Deselect All
      </Button>
    );
  const selectAll = () => {
    setLoading(true);
    fetchAllFormInstances(filter, sort, SELECT_ALL_LIMIT)
      .then((rows) => {
        selection.replace(rows);
        if (totalSize !== undefined && totalSize > rows.length)
          notify({ kind: 'success', message: `Selected the first ${rows.length} of ${totalSize} forms.` });
      })
      .catch((error: unknown) =>
        notify({ kind: 'danger', message: `Unable to select every form: ${errorMessage(error)}` }),
      )
      .finally(() => setLoading(false));
  };
  return (
    <Button
      variant="default"
      onClick={selectAll}
      loading={loading}
      disabled={props.disabled === true || totalSize === 0 || totalSize === undefined}
    >
      Select All
    </Button>
  );
}
