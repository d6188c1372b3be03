import { Select, TextInput } from '@mantine/core';
import type { FormElement, FormElementDefOptions, TypedFormValue } from '@kelvin/domain';
import { FormElementInput } from '../screen/FormElementInput.tsx';
import { savedOptions, type DraftElement } from './formDraft.ts';

type DefaultRaw = FormElementDefOptions['default'];

const DESCRIPTION = 'What the form starts with; the technician can change it.';

/** The stored default as the value the technician's input shows (as it is: a wrong one is shown to be fixed). */
export function defaultAsValue(element: Pick<DraftElement, 'type' | 'options'>): TypedFormValue | null {
  const raw = element.options.default;
  if (raw === undefined || raw === null || raw === '') return null;
  switch (element.type) {
    case 'number':
      return typeof raw === 'number' ? { type: 'number', value: raw } : null;
    case 'boolean':
      return typeof raw === 'boolean' ? { type: 'boolean', value: raw } : null;
    case 'date':
    case 'dateTime':
    case 'duration':
      return typeof raw === 'string' ? { type: element.type, value: raw } : null;
    case 'text':
    case 'select':
      return { type: 'text', value: String(raw) };
    case 'multiSelect':
    case 'multiText':
      return typeof raw === 'string' ? { type: 'multiText', value: [raw] } : null;
    case 'group':
      return null;
  }
}

/** The value the technician's input gives back, as the definition stores a default. */
export function valueAsDefault(value: TypedFormValue | null): DefaultRaw {
  if (value === null) return null;
  if (value.type === 'multiText') return value.value[0] ?? null;
  return value.value;
}

/** The input a technician sees for this element, without its required mark: a default is never required. */
function asInputElement(element: DraftElement): FormElement {
  return {
    formElementDefAssociationId: 0,
    formElementDefId: 0,
    label: 'Default',
    rootFormId: 0,
    parentFormElementDefId: null,
    isRequired: false,
    displayOrder: 0,
    type: element.type,
    elements: [],
    formElementDefOptions: savedOptions(element),
  };
}

/**
 * An element's default, entered with the very input the technician will use (a date picker for a date, '1h 30m'
 * for a duration, Yes / No for a yes/no); a choice's default is one of its options, a list's its first entry.
 */
export function DefaultValueField({
  element,
  error,
  onChange,
}: {
  element: DraftElement;
  error: string | null;
  onChange: (value: DefaultRaw) => void;
}) {
  const raw = element.options.default;
  if (element.type === 'select' || element.type === 'multiSelect') {
    return (
      <Select
        label="Default"
        description={DESCRIPTION}
        placeholder="None"
        clearable
        data={[...new Set(element.options.values ?? [])]}
        value={typeof raw === 'string' && raw !== '' ? raw : null}
        error={error}
        onChange={(choice) => onChange(choice)}
      />
    );
  }
  if (element.type === 'multiText') {
    return (
      <TextInput
        label="Default first entry"
        description={DESCRIPTION}
        value={typeof raw === 'string' ? raw : ''}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
      />
    );
  }
  return (
    <FormElementInput
      key={element.key}
      element={asInputElement(element)}
      value={defaultAsValue(element)}
      onChange={(value) => onChange(valueAsDefault(value))}
      label="Default"
      description={DESCRIPTION}
      error={error}
    />
  );
}
