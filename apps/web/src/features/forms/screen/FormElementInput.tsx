import { useState, type ReactNode } from 'react';
import {
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  Select,
  Stack,
  TagsInput,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import {
  durationText,
  fromZonedLocal,
  hoursToDuration,
  parseFormInput,
  parseTimeInput,
  toZonedLocal,
  type FormElement,
  type TypedFormValue,
} from '@kelvin/domain';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';

/** Spec section 9: the date picker's format 'M d, Y' (Nov 27, 2026), in Mantine's (dayjs) tokens. */
export const DATE_PICKER_FORMAT = 'MMM DD, YYYY';
/** A dateTime reads the same with its time of day. */
export const DATE_TIME_PICKER_FORMAT = 'MMM DD, YYYY hh:mm A';
/** A text longer than this limit is written in a box of several lines. */
const LONG_TEXT = 200;

export interface FormElementInputProps {
  element: FormElement;
  value: TypedFormValue | null;
  onChange: (value: TypedFormValue | null) => void;
  /** The element's label with its marks (required, 'Changed'). */
  label: ReactNode;
  description: string | null;
  error: string | null;
}

/**
 * A text box whose words are not the value itself (a number, a duration): what the user types stays as typed while
 * it reads as the same value, and follows the value when it changes from outside (reset, a captured reading).
 */
function useDraft(
  value: TypedFormValue | null,
  toText: (value: TypedFormValue | null) => string,
): [string, (text: string, next: TypedFormValue | null) => void] {
  const [draft, setDraft] = useState({ text: toText(value), of: value });
  if (draft.of !== value) {
    const text = toText(value);
    setDraft({ text, of: value });
    return [text, (next, parsed) => setDraft({ text: next, of: parsed })];
  }
  return [draft.text, (text, parsed) => setDraft({ text, of: parsed })];
}

const numberText = (value: TypedFormValue | null) =>
  value?.type === 'number' && Number.isFinite(value.value) ? String(value.value) : '';

const durationInputText = (value: TypedFormValue | null) =>
  value?.type === 'duration' ? durationText(value.value) : '';

/**
 * What a user types for a duration ('1h 30m', '1:30', '1.5', 'PT1H30M') as an ISO duration; text that reads as
 * none is kept as typed, so that the validation calls it what it is.
 */
export function parseDurationInput(text: string): TypedFormValue | null {
  if (text.trim() === '') return null;
  const minutes = parseTimeInput(text);
  return { type: 'duration', value: minutes === undefined ? text : hoursToDuration(minutes / 60) };
}

const textOf = (value: TypedFormValue | null) => (value?.type === 'text' ? value.value : '');
const listOf = (value: TypedFormValue | null) => (value?.type === 'multiText' ? value.value : []);
/** Spec: an empty multiSelect becomes null. */
const listValue = (list: string[]): TypedFormValue | null =>
  list.length === 0 ? null : { type: 'multiText', value: list };

/** The Mantine input of one element, by its type and display format (spec section 2, Form screen). */
export function FormElementInput(props: FormElementInputProps) {
  const { element, value, onChange, label, description, error } = props;
  const options = element.formElementDefOptions;
  const common = {
    label,
    description,
    error,
    withAsterisk: element.isRequired,
  };
  const choices = options.values ?? [];
  switch (element.type) {
    case 'text': {
      // A note without a limit, or a long one, gets a box of several lines; a short answer a line.
      const long = (options.maxLength ?? Infinity) > LONG_TEXT;
      // Spec: a required text left empty says so ('' is kept, not turned into null).
      const onText = (text: string) => onChange(parseFormInput(element, text));
      return long ? (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={textOf(value)}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          {...common}
          value={textOf(value)}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      );
    }
    case 'number':
      return <NumberField {...props} />;
    case 'duration':
      return <DurationField {...props} />;
    case 'select':
      return options.displayFormat === 'radio' ? (
        <Radio.Group
          {...common}
          value={textOf(value) || null}
          onChange={(choice) => onChange({ type: 'text', value: choice })}
        >
          <Group gap="md" mt={6}>
            {choices.map((choice) => (
              <Radio key={choice} value={choice} label={choice} />
            ))}
          </Group>
        </Radio.Group>
      ) : (
        <Select
          {...common}
          data={choices}
          clearable
          searchable={choices.length > 8}
          value={textOf(value) || null}
          onChange={(choice) => onChange(choice === null ? null : { type: 'text', value: choice })}
        />
      );
    case 'multiSelect':
      return options.displayFormat === 'dropdown' ? (
        <MultiSelect
          {...common}
          data={choices}
          clearable
          {...(typeof options.maxSelections === 'number' ? { maxValues: options.maxSelections } : {})}
          value={listOf(value)}
          onChange={(list) => onChange(listValue(list))}
        />
      ) : (
        <Checkbox.Group {...common} value={listOf(value)} onChange={(list) => onChange(listValue(list))}>
          <Stack gap={6} mt={6}>
            {choices.map((choice) => (
              <Checkbox key={choice} value={choice} label={choice} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'multiText':
      return (
        <TagsInput
          {...common}
          placeholder="Type and press Enter"
          value={listOf(value)}
          onChange={(list) => onChange(listValue(list))}
        />
      );
    case 'boolean':
      return (
        <Radio.Group
          {...common}
          value={value?.type === 'boolean' ? (value.value ? 'yes' : 'no') : null}
          onChange={(answer) => onChange({ type: 'boolean', value: answer === 'yes' })}
        >
          <Group gap="md" mt={6}>
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
      );
    case 'date':
      return (
        <DatePickerInput
          {...common}
          valueFormat={DATE_PICKER_FORMAT}
          clearable
          placeholder="Pick a date"
          value={value?.type === 'date' ? value.value : null}
          onChange={(day) => onChange(day === null ? null : { type: 'date', value: day.slice(0, 10) })}
        />
      );
    case 'dateTime':
      return <DateTimeField {...props} />;
    case 'group':
      return null;
  }
}

function NumberField({ element, value, onChange, label, description, error }: FormElementInputProps) {
  const [text, setText] = useDraft(value, numberText);
  return (
    <TextInput
      label={label}
      description={description}
      error={error}
      withAsterisk={element.isRequired}
      inputMode={element.formElementDefOptions.format === 'integer' ? 'numeric' : 'decimal'}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const parsed = parseFormInput(element, typed);
        setText(typed, parsed);
        onChange(parsed);
      }}
    />
  );
}

function DurationField({ element, value, onChange, label, description, error }: FormElementInputProps) {
  const [text, setText] = useDraft(value, durationInputText);
  return (
    <TextInput
      label={label}
      description={description}
      error={error}
      withAsterisk={element.isRequired}
      placeholder="e.g. 1h 30m"
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const parsed = parseDurationInput(typed);
        setText(typed, parsed);
        onChange(parsed);
      }}
    />
  );
}

function DateTimeField({ element, value, onChange, label, description, error }: FormElementInputProps) {
  const zone = userTimeZone();
  const ts = value?.type === 'dateTime' ? Date.parse(value.value) : NaN;
  return (
    <DateTimePicker
      label={label}
      description={description}
      error={error}
      withAsterisk={element.isRequired}
      valueFormat={DATE_TIME_PICKER_FORMAT}
      clearable
      placeholder="Pick a date and time"
      popoverProps={{ withinPortal: true }}
      value={Number.isFinite(ts) ? toZonedLocal(ts, zone) : null}
      onChange={(local) => {
        const moment = local === null ? undefined : fromZonedLocal(local, zone);
        onChange(moment === undefined ? null : { type: 'dateTime', value: new Date(moment).toISOString() });
      }}
    />
  );
}
