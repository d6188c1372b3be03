import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import {
  buildFormUpdatePayload,
  formHasValues,
  formStatus,
  isFormValueChanged,
  startingFormValues,
  validateElement,
  validateForm,
  walkFormElements,
  type FormDefinition,
  type FormTimeEntry,
  type FormValue,
} from '@kelvin/domain';
import { modals } from '../../../app/modals/modalStore.ts';
import { notify } from '../../../app/toasts/toasts.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import {
  useApplyAttachmentChanges,
  useSaveFormValues,
  type FormAttachmentData,
  type FormInstanceData,
} from '../formsQueries.ts';
import { FormAttachments, NO_PENDING_ATTACHMENTS, type PendingAttachments } from './FormAttachments.tsx';
import { FormElementList, type FormRenderContext } from './FormElementList.tsx';
import { FormScreenHeader } from './FormScreenHeader.tsx';
import { createFormScreenStore, type FormScreenStore } from './formScreenStore.ts';
import { exportFormScreen, downloadFormScreenAttachments } from './formScreenExports.ts';
import type { MetricBinding } from './MetricReading.tsx';
import { isNetworkFailure } from '../offline/formDraftSync.ts';
import { useFormTimer } from './useFormTimer.ts';
import { useHasChanges } from './useFormScreenStore.ts';

/** Spec texts of the form screen (section 2 and 4, Form editing), verbatim. */
export const WARNING_TITLE = 'Warning';
export const MISSING_REQUIRED_QUESTION =
  'There are missing required fields, are you sure you want to continue?';
export const RESET_QUESTION = "Are you sure you want to reset this form to it's original values?";
export const UPLOADED_MESSAGE = 'All form attachments uploaded successfully';
export const UPLOAD_FAILED_MESSAGE = 'One or more of your selected attachments failed to upload properly.';
export const DELETED_MESSAGE = 'Form attachments deleted successfully';
export const DELETE_FAILED_MESSAGE = 'One or more of your selected attachments failed to delete properly.';

export interface FormScreenProps {
  form: FormDefinition;
  ticketId: number;
  asset: { assetId: number; displayName: string };
  /** What was saved for this asset (values and metadata); null when nothing was. */
  instance: FormInstanceData | null;
  attachments: readonly FormAttachmentData[] | undefined;
  /** Users who may not fill the form see it read-only: no editing, no timer, no controls. */
  readOnly: boolean;
  bindings: ReadonlyMap<number, MetricBinding>;
  timeZone: string;
  onClose: () => void;
  /** The ticket's company, for the workbook's company line. */
  companyName?: string;
  /** Embedded mode (spec, Form timer): editing a value starts or continues the timer. */
  embedded?: boolean;
  /** Values saved on this device and not sent yet: the form starts from them instead of the server's. */
  deviceValues?: readonly FormValue[];
  /**
   * Keeps a save on the device when there is no network (the technician in a data hall); without it such a save
   * fails with its error like any other.
   */
  onSaveOffline?: (save: OfflineFormSave) => Promise<void>;
}

/** What a save made without a network hands to the device store. */
export interface OfflineFormSave {
  values: FormValue[];
  workTimeSheet: FormTimeEntry[];
  uploads: readonly File[];
  deletions: number[];
}

const NO_ENTRIES: readonly FormTimeEntry[] = [];
/** On a phone the controls share the width (a lone Save on a second line read as an afterthought). */
const CONTROL_FLEX = { base: '1 1 auto', sm: '0 0 auto' };

function storeOf(
  form: FormDefinition,
  instance: FormInstanceData | null,
  deviceValues: readonly FormValue[] | undefined,
): FormScreenStore {
  const stored: FormValue[] = instance?.formValues ?? [];
  const start = startingFormValues(form, deviceValues ? [...deviceValues] : stored);
  return createFormScreenStore(
    {
      formId: form.formId,
      elements: form.formElements,
      start: new Map(start.map((value) => [value.formElementDefAssociationId, value.value])),
      original: new Map(stored.map((value) => [value.formElementDefAssociationId, value.value])),
    },
    { isChanged: isFormValueChanged, validateElement: (element, value) => validateElement(element, value) },
  );
}

/** Read-only: groups with no value anywhere beneath them are hidden. */
function emptyGroups(form: FormDefinition, values: readonly FormValue[]): Set<number> {
  const filled = new Set(
    values.filter((value) => value.value !== null).map((value) => value.formElementDefAssociationId),
  );
  const hidden = new Set<number>();
  for (const element of walkFormElements(form.formElements)) {
    if (element.type !== 'group') continue;
    const anyValue = walkFormElements(element.elements).some((child) =>
      filled.has(child.formElementDefAssociationId),
    );
    if (!anyValue) hidden.add(element.formElementDefAssociationId);
  }
  return hidden;
}

/** A number that could not be read (NaN) is sent as nothing: the wire has no NaN, and validation already said so. */
const sendable = (values: readonly FormValue[]): FormValue[] =>
  values.map((value) =>
    value.value?.type === 'number' && !Number.isFinite(value.value.value) ? { ...value, value: null } : value,
  );

/**
 * The form screen (spec section 2, Form screen; section 4, Form editing and Form timer): a checklist against a ticket
 * and one of its assets.
 */
export function FormScreen(props: FormScreenProps) {
  const { form, ticketId, asset, instance, readOnly, timeZone, onClose } = props;
  const key = { ticketId, formId: form.formId, assetId: asset.assetId };
  const [store] = useState(() => storeOf(form, instance, props.deviceValues));
  const [pending, setPending] = useState<PendingAttachments>(NO_PENDING_ATTACHMENTS);
  const [exporting, setExporting] = useState(false);
  const save = useSaveFormValues(key);
  const applyAttachments = useApplyAttachmentChanges(key);
  const timer = useFormTimer(key, instance?.formTimeTracker ?? NO_ENTRIES, {
    enabled: !readOnly,
    embedded: props.embedded ?? false,
  });
  const changed = useHasChanges(store);
  const savedValues = instance?.formValues ?? [];
  const hasValues = formHasValues(savedValues);
  const hasPendingFiles = pending.uploads.length > 0 || pending.deletions.size > 0;
  const canSave = changed || hasPendingFiles || timer.hasUnsavedTime;

  const { onEdit, stopForSave, markSaved, reset: resetTimer, stopOnClose } = timer;
  const context = useMemo<FormRenderContext>(
    () => ({
      store,
      readOnly,
      bindings: props.bindings,
      timeZone,
      hiddenGroups: readOnly ? emptyGroups(form, savedValues) : new Set(),
      onEdit: readOnly ? undefined : onEdit,
    }),
    // savedValues only matter read-only, where they do not change while the screen is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, readOnly, props.bindings, timeZone, form, onEdit],
  );

  const { onSaveOffline } = props;
  /** No network: the save stays on the device, and counts as saved here (the page sends it later). */
  const keepOnDevice = useCallback(
    async (workTimeSheet: FormTimeEntry[]) => {
      if (!onSaveOffline) return false;
      await onSaveOffline({
        values: sendable(store.formValues()),
        workTimeSheet,
        uploads: pending.uploads,
        deletions: [...pending.deletions],
      });
      markSaved();
      store.markSaved();
      setPending(NO_PENDING_ATTACHMENTS);
      return true;
    },
    [onSaveOffline, store, pending, markSaved],
  );

  const saveNow = useCallback(async () => {
    const workTimeSheet = stopForSave();
    // Offline, a mutation would wait for the network; the device keeps the save at once instead.
    if (!navigator.onLine && (await keepOnDevice(workTimeSheet))) return;
    try {
      const payload = buildFormUpdatePayload(
        { entityType: 'TICKET', entityId: ticketId, formId: form.formId },
        sendable(store.formValues()),
        workTimeSheet,
      );
      await save.mutateAsync(payload);
    } catch (error) {
      // The network went while the save was on its way: kept on the device too.
      if (isNetworkFailure(error) && (await keepOnDevice(workTimeSheet).catch(() => false))) return;
      notify({ kind: 'danger', message: errorMessage(error) });
      return;
    }
    markSaved();
    store.markSaved();
    notify({ kind: 'success', message: 'Form saved' });
    if (!hasPendingFiles) return;
    const changes = { uploads: pending.uploads, deletions: [...pending.deletions] };
    setPending(NO_PENDING_ATTACHMENTS);
    const outcome = await applyAttachments.mutateAsync(changes);
    if (changes.uploads.length > 0) {
      notify(
        outcome.failedUploads > 0
          ? { kind: 'danger', message: UPLOAD_FAILED_MESSAGE }
          : { kind: 'success', message: UPLOADED_MESSAGE },
      );
    }
    if (changes.deletions.length > 0) {
      notify(
        outcome.failedDeletions > 0
          ? { kind: 'danger', message: DELETE_FAILED_MESSAGE }
          : { kind: 'success', message: DELETED_MESSAGE },
      );
    }
  }, [
    stopForSave,
    keepOnDevice,
    markSaved,
    ticketId,
    form.formId,
    store,
    save,
    hasPendingFiles,
    pending,
    applyAttachments,
  ]);

  const handleSave = useCallback(async () => {
    const errors = validateForm(form.formElements, store.formValues(), { checkRequired: true });
    store.showErrors(errors);
    if (Object.keys(errors).length > 0) {
      const proceed = await modals.confirm({
        title: WARNING_TITLE,
        message: MISSING_REQUIRED_QUESTION,
        okLabel: 'Save',
        cancelLabel: 'Cancel',
      });
      if (!proceed) return;
    }
    await saveNow();
  }, [form.formElements, store, saveNow]);

  const handleReset = useCallback(async () => {
    const confirmed = await modals.confirm({
      title: 'Reset Current Changes',
      message: RESET_QUESTION,
      okLabel: 'Reset',
    });
    if (!confirmed) return;
    store.reset();
    setPending(NO_PENDING_ATTACHMENTS);
    resetTimer();
  }, [store, resetTimer]);

  const handleClose = useCallback(() => {
    store.showErrors({});
    stopOnClose();
    onClose();
  }, [store, stopOnClose, onClose]);

  const exportSource = {
    ticketId,
    form,
    values: savedValues,
    instance,
    companyName: props.companyName ?? null,
  };
  const handleExport = () => {
    setExporting(true);
    exportFormScreen(exportSource)
      .catch((error: unknown) => notify({ kind: 'danger', message: errorMessage(error) }))
      .finally(() => setExporting(false));
  };
  const handleDownload = () => {
    downloadFormScreenAttachments(exportSource, props.attachments ?? []).catch((error: unknown) =>
      notify({ kind: 'danger', message: errorMessage(error) }),
    );
  };

  const status = formStatus(instance);
  const showForm = !readOnly || hasValues;
  return (
    // A checklist reads down one column: wider, its answers would sit far from their questions.
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} maw={960} component="article" aria-label={form.label}>
      <Stack gap="md">
        <FormScreenHeader
          label={form.label}
          assetName={asset.displayName}
          assetId={asset.assetId}
          duration={timer.text}
          status={status}
          hasValues={hasValues}
          exporting={exporting}
          onExport={handleExport}
          onDownloadAttachments={handleDownload}
          timer={readOnly ? undefined : { running: timer.running, onToggle: timer.toggle }}
          onClose={handleClose}
        />
        <Divider />
        {showForm ? (
          <FormElementList elements={form.formElements} depth={0} context={context} />
        ) : (
          <Alert color="gray" variant="light">
            Nothing has been filled in on this form yet.
          </Alert>
        )}
        <Divider />
        <FormAttachments
          attachments={props.attachments}
          pending={pending}
          onChange={setPending}
          readOnly={readOnly}
          timeZone={timeZone}
        />
        {!readOnly && (
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={handleClose} flex={CONTROL_FLEX}>
              Close
            </Button>
            <Button variant="light" color="gray" onClick={() => void handleReset()} flex={CONTROL_FLEX}>
              Reset Current Changes
            </Button>
            <Button
              flex={CONTROL_FLEX}
              onClick={() => void handleSave()}
              disabled={!canSave}
              loading={save.isPending || applyAttachments.isPending}
            >
              Save
            </Button>
          </Group>
        )}
        {readOnly && (
          <Text size="xs" c="dimmed">
            You may read this form; filling it in needs permission to change the ticket.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
