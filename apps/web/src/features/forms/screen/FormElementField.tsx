import { memo, useCallback } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { FormElement, TypedFormValue } from '@kelvin/domain';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { formFieldHelp } from './formFieldHelp.ts';
import { FormElementInput } from './FormElementInput.tsx';
import type { FormScreenStore } from './formScreenStore.ts';
import { formValueText } from './formValueText.ts';
import { MetricReading, type MetricBinding } from './MetricReading.tsx';
import { useElementState } from './useFormScreenStore.ts';

export interface FormElementFieldProps {
  element: FormElement;
  store: FormScreenStore;
  readOnly: boolean;
  /** Present when the element is bound to one of the unit's metrics. */
  binding: MetricBinding | undefined;
  timeZone: string;
  /** Told of every edit (the timer's embedded mode starts or continues on it). */
  onEdit: (() => void) | undefined;
}

/** Spec: a changed field shows a 'Changed' marker. */
function FieldLabel({ label, changed }: { label: string; changed: boolean }) {
  return (
    <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
      <span>{label}</span>
      {changed && (
        <Badge component="span" size="xs" variant="light" color="blue">
          Changed
        </Badge>
      )}
    </Group>
  );
}

/**
 * One element of the form: its input (or, read-only, its value as text), help, error and 'Changed' marker. Memoised
 * and subscribed to its own state in the store: a keystroke renders this row only.
 */
export const FormElementField = memo(function FormElementField({
  element,
  store,
  readOnly,
  binding,
  timeZone,
  onEdit,
}: FormElementFieldProps) {
  const id = element.formElementDefAssociationId;
  const state = useElementState(store, id);
  const change = useCallback(
    (value: TypedFormValue | null) => {
      store.setValue(id, value);
      onEdit?.();
    },
    [store, id, onEdit],
  );
  const captured =
    state.value?.type === 'number' && state.value.capturedAt !== undefined
      ? Date.parse(state.value.capturedAt)
      : NaN;
  const capturedNote = Number.isFinite(captured)
    ? `Captured from the unit at ${formatDateTime(captured, timeZone)}`
    : null;

  if (readOnly) {
    return (
      <Stack gap={2} data-element-id={id}>
        <Text size="sm" fw={500}>
          {element.label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {formValueText(state.value, timeZone)}
        </Text>
        {capturedNote && (
          <Text size="xs" c="dimmed">
            {capturedNote}
          </Text>
        )}
        {binding && <MetricReading element={element} binding={binding} onCapture={undefined} />}
      </Stack>
    );
  }
  return (
    <Stack gap={4} data-element-id={id}>
      <FormElementInput
        element={element}
        value={state.value}
        onChange={change}
        label={<FieldLabel label={element.label} changed={state.changed} />}
        description={formFieldHelp(element)}
        error={state.error}
      />
      {capturedNote && (
        <Text size="xs" c="dimmed">
          {capturedNote}
        </Text>
      )}
      {binding && <MetricReading element={element} binding={binding} onCapture={change} />}
    </Stack>
  );
});
