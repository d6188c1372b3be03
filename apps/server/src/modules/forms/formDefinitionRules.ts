import { FORM_DEPTH_MAX, type FormElementInput } from '@kelvin/contract';
import {
  isDuration,
  OPTIONS_BY_TYPE,
  type FormElementDefOptions,
  type FormElementType,
} from '@kelvin/domain';
import { badField } from '../../http/httpError.ts';

const DISPLAY_FORMATS: Partial<Record<FormElementType, readonly string[]>> = {
  select: ['radio', 'dropdown'],
  multiSelect: ['checkbox', 'dropdown'],
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The option's problem, or null: a default of the element's kind, bounds in order, choices that exist. */
function defaultProblem(type: FormElementType, options: FormElementDefOptions): string | null {
  const value = options.default;
  if (value === undefined || value === null) return null;
  const values = options.values ?? [];
  switch (type) {
    case 'text':
    case 'multiText':
      return typeof value === 'string' ? null : 'The default of a text element is text.';
    case 'number': {
      if (typeof value !== 'number') return 'The default of a number element is a number.';
      if (options.format === 'integer' && !Number.isInteger(value)) return 'The default must be an integer.';
      if (options.min != null && value < options.min) return 'The default is below the minimum.';
      if (options.max != null && value > options.max) return 'The default is above the maximum.';
      return null;
    }
    case 'select':
    case 'multiSelect':
      return typeof value === 'string' && values.includes(value)
        ? null
        : 'The default must be one of the values.';
    case 'date':
      return typeof value === 'string' && DATE_ONLY.test(value)
        ? null
        : 'The default of a date is yyyy-MM-dd.';
    case 'dateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? null
        : 'The default of a date and time is an ISO 8601 instant.';
    case 'duration':
      return typeof value === 'string' && isDuration(value)
        ? null
        : 'The default of a duration is an ISO 8601 duration such as PT1H30M.';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'The default of a yes/no element is true or false.';
    case 'group':
      return 'A group has no default.';
  }
}

function optionsProblem(type: FormElementType, options: FormElementDefOptions): [string, string] | null {
  const allowed = OPTIONS_BY_TYPE[type];
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue;
    if (!allowed.some((name) => name === key)) return [key, `A ${type} element takes no ${key}.`];
  }
  const ordered = (low: number | null | undefined, high: number | null | undefined) =>
    low == null || high == null || low <= high;
  if (!ordered(options.minLength, options.maxLength)) return ['maxLength', 'maxLength is below minLength.'];
  if (!ordered(options.min, options.max)) return ['max', 'max is below min.'];
  if (!ordered(options.minSelections, options.maxSelections))
    return ['maxSelections', 'maxSelections is below minSelections.'];
  if (type === 'select' || type === 'multiSelect') {
    const values = options.values ?? [];
    if (values.length === 0) return ['values', `A ${type} element needs at least one value.`];
    if (new Set(values).size !== values.length) return ['values', 'Each value may appear once.'];
    if (options.minSelections != null && options.minSelections > values.length)
      return ['minSelections', 'minSelections is more than the values offered.'];
    const formats = DISPLAY_FORMATS[type] ?? [];
    if (options.displayFormat != null && !formats.includes(options.displayFormat))
      return ['displayFormat', `A ${type} element is shown as ${formats.join(' or ')}.`];
  }
  const problem = defaultProblem(type, options);
  return problem === null ? null : ['default', problem];
}

/** An element of a definition being saved, with its parent resolved and its order among its siblings. */
export interface PlannedElement {
  input: FormElementInput;
  index: number;
  parentIndex: number | null;
  displayOrder: number;
}

const field = (index: number, name?: string) =>
  `body.formElements.${index}${name === undefined ? '' : `.${name}`}`;

/**
 * Checks a definition's elements (keys unique, parents that are groups, no cycle, depth at most FORM_DEPTH_MAX,
 * options that fit each type) and orders them parents first, so that a parent is written before its children.
 * Every refusal is a 400 naming the element's field.
 */
export function planFormElements(elements: readonly FormElementInput[]): PlannedElement[] {
  const indexByKey = new Map<string, number>();
  const reused = new Set<number>();
  elements.forEach((element, index) => {
    if (indexByKey.has(element.key))
      throw badField(field(index, 'key'), `The key ${element.key} is used twice.`);
    indexByKey.set(element.key, index);
    if (element.formElementDefId !== undefined) {
      if (reused.has(element.formElementDefId))
        throw badField(field(index, 'formElementDefId'), 'An element definition may appear once in a form.');
      reused.add(element.formElementDefId);
    }
    const problem = optionsProblem(element.type, element.formElementDefOptions);
    if (problem) throw badField(field(index, `formElementDefOptions.${problem[0]}`), problem[1]);
  });
  const parentIndex = (index: number): number | null => {
    const key = elements[index]?.parentKey ?? null;
    if (key === null) return null;
    const parent = indexByKey.get(key);
    if (parent === undefined) throw badField(field(index, 'parentKey'), `No element has the key ${key}.`);
    if (elements[parent]?.type !== 'group')
      throw badField(field(index, 'parentKey'), 'Only a group holds other elements.');
    return parent;
  };
  const depthOf = (index: number): number => {
    let depth = 1;
    for (let at = parentIndex(index); at !== null; at = parentIndex(at)) {
      depth++;
      if (depth > FORM_DEPTH_MAX)
        throw badField(
          field(index, 'parentKey'),
          `Groups nest at most ${FORM_DEPTH_MAX} deep (or form a cycle).`,
        );
    }
    return depth;
  };
  const siblingsSeen = new Map<number | null, number>();
  const planned = elements.map((input, index) => {
    const parent = parentIndex(index);
    const position = siblingsSeen.get(parent) ?? 0;
    siblingsSeen.set(parent, position + 1);
    return {
      input,
      index,
      parentIndex: parent,
      displayOrder: input.displayOrder ?? position,
      depth: depthOf(index),
    };
  });
  return planned
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map(({ depth: _depth, ...rest }) => rest);
}
