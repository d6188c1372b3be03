/**
 * What a form control hands over (the text of an input box, the choices of a multiselect, a checkbox's state) as
 * the typed value the form keeps and sends. Spec section 5: an empty number input and an empty multiSelect become
 * null. Text that does not read as its type is kept so that validation can say what is wrong with it.
 */
import { type FormElement, type TypedFormValue } from './formModel.ts';
import { unhandledElementType } from './formMessages.ts';

export type FormRawInput = string | readonly string[] | boolean | null | undefined;

/** A plain decimal as typed: '12', '-3.5', '.5', '1e3'. Not '12abc', not '0x1f', not ' '. */
const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Typed text as a number; NaN when it is not one, which validation reports as 'Input is not recognized as a number.' */
export function parseNumberInput(text: string): number {
  const trimmed = text.trim();
  return NUMERIC.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Array.isArray narrows a readonly array to any[]; this keeps its element type. */
const isChoiceList = (raw: FormRawInput): raw is readonly string[] => Array.isArray(raw);

const textOf = (raw: FormRawInput): string =>
  typeof raw === 'string' ? raw : isChoiceList(raw) ? raw.join(',') : raw == null ? '' : String(raw);

/** An instant as ISO 8601 in UTC; text that is not a moment is kept as typed. */
function dateTimeInput(text: string): string {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : new Date(ms).toISOString();
}

/** The typed value of an element from its control's raw input; null when nothing is entered. */
export function parseFormInput(element: FormElement, raw: FormRawInput): TypedFormValue | null {
  if (raw === null || raw === undefined) return null;
  switch (element.type) {
    case 'group':
      return null;
    case 'text':
      return { type: 'text', value: textOf(raw) };
    case 'select': {
      const choice = textOf(raw);
      return choice === '' ? null : { type: 'text', value: choice };
    }
    case 'multiSelect':
    case 'multiText': {
      const choices = isChoiceList(raw) ? [...raw] : textOf(raw) === '' ? [] : [textOf(raw)];
      return choices.length === 0 ? null : { type: 'multiText', value: choices };
    }
    case 'number': {
      const text = textOf(raw).trim();
      return text === '' ? null : { type: 'number', value: parseNumberInput(text) };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { type: 'boolean', value: raw };
      const text = textOf(raw).trim().toLowerCase();
      return text === 'true' || text === 'false' ? { type: 'boolean', value: text === 'true' } : null;
    }
    case 'date': {
      const text = textOf(raw).trim();
      return text === '' ? null : { type: 'date', value: text.length > 10 ? text.slice(0, 10) : text };
    }
    case 'dateTime': {
      const text = textOf(raw).trim();
      return text === '' ? null : { type: 'dateTime', value: dateTimeInput(text) };
    }
    case 'duration': {
      const text = textOf(raw).trim().toUpperCase();
      return text === '' ? null : { type: 'duration', value: text };
    }
    default:
      throw unhandledElementType();
  }
}

/** The raw input a control shows for a typed value: the reverse of parseFormInput, for binding controls. */
export function formValueToInput(value: TypedFormValue | null): string | string[] | boolean | null {
  if (value === null) return null;
  switch (value.type) {
    case 'multiText':
      return [...value.value];
    case 'boolean':
      return value.value;
    case 'number':
      return Number.isFinite(value.value) ? String(value.value) : '';
    default:
      return value.value;
  }
}

/**
 * Spec (section 5): a multi-select does not allow removing the last selected item when empty is not allowed (the
 * element is required). True when `choice` may be taken out of `selected`.
 */
export function canDeselectChoice(
  element: FormElement,
  selected: readonly string[],
  choice: string,
): boolean {
  if (!selected.includes(choice)) return false;
  return !element.isRequired || selected.length > 1;
}
