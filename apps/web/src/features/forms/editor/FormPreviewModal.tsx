import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  initialFormValues,
  isFormValueChanged,
  validateElement,
  validateForm,
  type FormDefinition,
} from '@kelvin/domain';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { FormElementList, type FormRenderContext } from '../screen/FormElementList.tsx';
import { createFormScreenStore } from '../screen/formScreenStore.ts';
import { draftToFormElements, type FormDraft } from './formDraft.ts';

const NO_BINDINGS = new Map();
const NO_HIDDEN_GROUPS: ReadonlySet<number> = new Set();

/**
 * 'Preview': the draft as a technician will see it, rendered by the form screen's own element list with each
 * element's default, and usable: values can be typed and 'Check answers' validates them as a save would. Nothing is
 * saved; readings from the unit are not live here, as there is no unit.
 */
function PreviewBody({ form }: { form: FormDefinition }) {
  const [checked, setChecked] = useState<number | null>(null);
  const context = useMemo<FormRenderContext>(() => {
    const start = new Map(
      initialFormValues(form).map((value) => [value.formElementDefAssociationId, value.value]),
    );
    return {
      store: createFormScreenStore(
        { formId: form.formId, elements: form.formElements, start, original: start },
        {
          isChanged: isFormValueChanged,
          validateElement: (element, value) => validateElement(element, value),
        },
      ),
      readOnly: false,
      bindings: NO_BINDINGS,
      timeZone: userTimeZone(),
      hiddenGroups: NO_HIDDEN_GROUPS,
      onEdit: undefined,
    };
  }, [form]);
  const checkAnswers = () => {
    const errors = validateForm(form.formElements, context.store.formValues());
    context.store.showErrors(errors);
    setChecked(Object.keys(errors).length);
  };
  return (
    <Stack gap="md">
      {form.formElements.length === 0 ? (
        <Text c="dimmed">This form has no elements yet.</Text>
      ) : (
        <FormElementList elements={form.formElements} depth={0} context={context} />
      )}
      <Group justify="space-between">
        <Text size="sm" c={checked ? 'red' : 'dimmed'} aria-live="polite">
          {checked === null
            ? 'Try the form out: nothing you enter here is saved.'
            : checked === 0
              ? 'Every answer passes.'
              : `${checked} answer${checked === 1 ? '' : 's'} would be refused.`}
        </Text>
        <Button variant="light" onClick={checkAnswers} disabled={form.formElements.length === 0}>
          Check answers
        </Button>
      </Group>
    </Stack>
  );
}

export function FormPreviewModal({
  draft,
  formId,
  version,
  opened,
  onClose,
}: {
  draft: FormDraft;
  formId: number;
  version: number;
  opened: boolean;
  onClose: () => void;
}) {
  // On a phone the preview takes the whole screen, as the form screen does for the technician.
  const phone = useMediaQuery('(max-width: 48em)');
  const form = useMemo<FormDefinition>(
    () => ({
      formId,
      label: draft.label,
      version,
      formElements: draftToFormElements(draft.elements, formId),
    }),
    [draft, formId, version],
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Preview: ${draft.label || 'Untitled form'}`}
      size="lg"
      fullScreen={phone}
    >
      {opened && (
        <Stack gap="md">
          <Alert variant="light" color="blue">
            As a technician will see it, including changes not saved yet.
          </Alert>
          <PreviewBody form={form} />
        </Stack>
      )}
    </Modal>
  );
}
