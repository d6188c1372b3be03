import type { FormElementDefOptions, FormElementType } from './formModel.ts';

/**
 * Which options each element type takes (spec section 3, Options by type; metricAlias: a reading from the unit).
 * The server refuses an option a type does not take, and the form editor drops the others when a type changes.
 */
export const OPTIONS_BY_TYPE: Readonly<Record<FormElementType, readonly (keyof FormElementDefOptions)[]>> = {
  text: ['default', 'minLength', 'maxLength', 'metricAlias'],
  number: ['default', 'format', 'min', 'max', 'metricAlias'],
  select: ['default', 'values', 'displayFormat'],
  multiSelect: ['default', 'values', 'displayFormat', 'minSelections', 'maxSelections'],
  multiText: ['default'],
  date: ['default'],
  dateTime: ['default'],
  duration: ['default'],
  boolean: ['default', 'metricAlias'],
  group: [],
};
