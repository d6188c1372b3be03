import { useMemo, useReducer, useState } from 'react';
import { Alert, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useMetricCatalogue } from '../../diagnose/diagnoseQueries.ts';
import { AddElementMenu } from './AddElementMenu.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { findDraftElement } from './draftTree.ts';
import { ElementSettings } from './ElementSettings.tsx';
import { ElementTree } from './ElementTree.tsx';
import { FormEditorHeader } from './FormEditorHeader.tsx';
import { formEditorPaths } from './formEditorAccess.ts';
import { countDraftElements, draftFromDefinition, type DraftElement } from './formDraft.ts';
import { checkFormDraft, draftHasProblems } from './formDraftChecks.ts';
import { formDraftReducer, hasUnsavedChanges, initialDraftState } from './formDraftState.ts';
import type { EditedFormDefinition } from './formEditorQueries.ts';
import { FormPreviewModal } from './FormPreviewModal.tsx';
import { useFormEditorSave, type SavedForm } from './useFormEditorSave.ts';
import { useUnsavedChangesWarning } from './useUnsavedChangesWarning.ts';
import classes from './FormEditor.module.css';

const EMPTY_FORM = { label: '', formElements: [] };

const savedFormOf = (definition: EditedFormDefinition): SavedForm => ({
  formId: definition.formId,
  version: definition.version,
  ticketTypeValues: definition.ticketTypeValues,
});

/**
 * The form editor: the element tree on the left, the selected element's settings on the right (one above the other
 * on a phone). `definition` is the latest saved version, or null for a new form, which its first Save creates.
 */
export function FormEditor({ definition }: { definition: EditedFormDefinition | null }) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(formDraftReducer, definition ?? EMPTY_FORM, (saved) =>
    initialDraftState(draftFromDefinition(saved)),
  );
  const [saved, setSaved] = useState<SavedForm | null>(definition ? savedFormOf(definition) : null);
  const [ticketTypes, setTicketTypes] = useState<number[]>(
    definition ? [...definition.ticketTypeValues] : [],
  );
  const [showProblems, setShowProblems] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [deleting, setDeleting] = useState<DraftElement | null>(null);
  const metrics = useMetricCatalogue();
  const { run, saving } = useFormEditorSave();

  const draftChanged = hasUnsavedChanges(state);
  const typesChanged =
    saved !== null && [...saved.ticketTypeValues].sort().join() !== [...ticketTypes].sort().join();
  const unsaved = draftChanged || typesChanged || saved === null;
  const { blocker, allowNextNavigation } = useUnsavedChangesWarning(
    draftChanged || typesChanged || (saved === null && countDraftElements(state.draft.elements) > 0),
  );

  const problems = useMemo(() => checkFormDraft(state.draft), [state.draft]);
  const visibleProblems = showProblems ? problems : { ...problems, form: null };
  const problemKeys = useMemo(
    () => new Set(showProblems ? problems.order : []),
    [problems.order, showProblems],
  );
  const selected =
    state.selectedKey === null ? undefined : findDraftElement(state.draft.elements, state.selectedKey);

  const onSave = async () => {
    if (draftHasProblems(problems)) {
      setShowProblems(true);
      const first = problems.order[0];
      if (first !== undefined) dispatch({ kind: 'select', key: first });
      return;
    }
    try {
      const result = await run({
        saved,
        draft: state.draft,
        draftChanged: draftChanged || saved === null,
        ticketTypeValues: ticketTypes,
      });
      dispatch({ kind: 'saved', draft: result.draft });
      setSaved(savedFormOf(result.definition));
      setTicketTypes([...result.definition.ticketTypeValues]);
      setShowProblems(false);
      if (saved === null) {
        allowNextNavigation();
        void navigate(formEditorPaths.form(result.definition.formId), { replace: true });
      }
    } catch {
      // The toast said why; the draft stays as it is to be fixed and saved again.
    }
  };

  return (
    <Stack gap="md">
      <FormEditorHeader
        label={state.draft.label}
        labelError={visibleProblems.form}
        onLabel={(label) => dispatch({ kind: 'setLabel', label })}
        version={saved?.version ?? null}
        unsaved={unsaved}
        saving={saving}
        ticketTypes={ticketTypes}
        onTicketTypes={setTicketTypes}
        onPreview={() => setPreviewing(true)}
        onSave={() => void onSave()}
      />
      {showProblems && draftHasProblems(problems) && (
        <Alert color="red" variant="light" role="alert" title="This form cannot be saved yet">
          {`${problems.order.length + (problems.form === null ? 0 : 1)} problem(s) to fix: the marked elements show what.`}
        </Alert>
      )}
      <div className={classes.layout}>
        <Paper withBorder p="sm" radius="md" className={classes.panel}>
          <Stack gap="sm">
            <AddElementMenu fullWidth onAdd={(type) => dispatch({ kind: 'add', type, parentKey: null })} />
            {state.draft.elements.length === 0 ? (
              <Text size="sm" c="dimmed">
                No elements yet. Add a group for each section of the work, then its steps.
              </Text>
            ) : (
              <ElementTree
                elements={state.draft.elements}
                selectedKey={state.selectedKey}
                problemKeys={problemKeys}
                onSelect={(key) => dispatch({ kind: 'select', key })}
                onMove={(key, move) => dispatch({ kind: 'move', key, move })}
                onDrop={(key, targetKey, position) => dispatch({ kind: 'drop', key, targetKey, position })}
                onDelete={setDeleting}
              />
            )}
          </Stack>
        </Paper>
        <div className={classes.panel}>
          {selected ? (
            <ElementSettings
              key={selected.key}
              element={selected}
              problems={showProblems ? (problems.elements.get(selected.key) ?? []) : []}
              metrics={metrics.data ?? []}
              metricsLoading={metrics.isPending}
              onChange={(update) => dispatch({ kind: 'update', key: selected.key, update })}
              onAddInside={(type) => dispatch({ kind: 'add', type, parentKey: selected.key })}
              onDelete={setDeleting}
            />
          ) : (
            <Paper withBorder p="md" radius="md">
              <Text size="sm" c="dimmed">
                Choose an element to see its settings.
              </Text>
            </Paper>
          )}
        </div>
      </div>
      <VisuallyHidden aria-live="polite" aria-atomic>
        <span key={state.announcement.count}>{state.announcement.text}</span>
      </VisuallyHidden>
      <FormPreviewModal
        draft={state.draft}
        formId={saved?.formId ?? 0}
        version={saved?.version ?? 0}
        opened={previewing}
        onClose={() => setPreviewing(false)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete element"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) dispatch({ kind: 'remove', key: deleting.key });
          setDeleting(null);
        }}
      >
        {deleting?.type === 'group' && deleting.children.length > 0
          ? `Delete the group ${deleting.label} and the ${countDraftElements(deleting.children)} element(s) in it? Forms filled before keep them; the next version will not have them.`
          : `Delete ${deleting?.label ?? ''}? Forms filled before keep it; the next version will not have it.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Unsaved changes"
        confirmLabel="Leave without saving"
        cancelLabel="Stay"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        This form has changes that are not saved. Leave and lose them?
      </ConfirmDialog>
    </Stack>
  );
}
