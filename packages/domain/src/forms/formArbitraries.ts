/**
 * fast-check generators of forms and of their values, for property tests here and in the apps (the server's save
 * tests can reuse them). Not exported from the package index: fast-check is a test dependency.
 */
import fc from 'fast-check';
import {
  type FormElement,
  type FormElementDefOptions,
  type FormElementType,
  type FormValue,
  type TypedFormValue,
} from './formModel.ts';

type LeafType = Exclude<FormElementType, 'group'>;
const LEAF_TYPES: readonly LeafType[] = [
  'boolean',
  'date',
  'dateTime',
  'duration',
  'multiSelect',
  'multiText',
  'select',
  'number',
  'text',
];

const limit = (max: number) => fc.integer({ min: 0, max });
const choicesArb = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 });

/** Options that leave room for a valid value: min ≤ max, at least one choice, maxSelections ≥ 1. */
function optionsFor(type: LeafType): fc.Arbitrary<FormElementDefOptions> {
  switch (type) {
    case 'text':
      return fc
        .record({ minLength: fc.option(limit(5)), span: limit(10), hasMax: fc.boolean() })
        .map(({ minLength, span, hasMax }) => ({
          minLength,
          maxLength: hasMax ? (minLength ?? 0) + span + 1 : null,
        }));
    case 'number':
      return fc
        .record({
          format: fc.constantFrom<'integer' | 'decimal' | null>('integer', 'decimal', null),
          min: fc.option(fc.integer({ min: -1000, max: 1000 })),
          span: fc.integer({ min: 0, max: 1000 }),
          hasMax: fc.boolean(),
        })
        .map(({ format, min, span, hasMax }) => ({
          format,
          min,
          max: hasMax ? (min ?? 0) + span : null,
        }));
    case 'select':
      return fc.record({
        values: choicesArb,
        displayFormat: fc.constantFrom<'radio' | 'dropdown'>('radio', 'dropdown'),
      });
    case 'multiSelect':
      return fc
        .record({ values: choicesArb, a: fc.nat(), b: fc.nat(), hasMin: fc.boolean(), hasMax: fc.boolean() })
        .map(({ values, a, b, hasMin, hasMax }) => {
          const low = a % (values.length + 1);
          const high = Math.max(1, low + (b % (values.length - low + 1)));
          return {
            values,
            displayFormat: 'checkbox' as const,
            minSelections: hasMin ? low : null,
            maxSelections: hasMax ? high : null,
          };
        });
    default:
      return fc.constant({});
  }
}

const leafArb: fc.Arbitrary<FormElement> = fc
  .constantFrom(...LEAF_TYPES)
  .chain((type) =>
    fc.record({
      type: fc.constant(type),
      options: optionsFor(type),
      isRequired: fc.boolean(),
      label: fc.string(),
    }),
  )
  .map(({ type, options, isRequired, label }) => blankElement(type, options, isRequired, label));

function blankElement(
  type: FormElementType,
  formElementDefOptions: FormElementDefOptions,
  isRequired: boolean,
  label: string,
): FormElement {
  return {
    formElementDefAssociationId: 0,
    formElementDefId: 0,
    label,
    rootFormId: 1,
    parentFormElementDefId: null,
    isRequired,
    displayOrder: 0,
    type,
    elements: [],
    formElementDefOptions,
  };
}

const { tree } = fc.letrec<{ tree: FormElement[]; node: FormElement }>((tie) => ({
  tree: fc.array(tie('node'), { minLength: 0, maxLength: 4 }),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc
      .record({ children: tie('tree'), label: fc.string() })
      .map(({ children, label }) => ({ ...blankElement('group', {}, false, label), elements: children })),
  ),
}));

/** Unique ids (association and definition) and shuffled display orders, parents linked to their group. */
function numbered(elements: readonly FormElement[], orders: readonly number[]): FormElement[] {
  let next = 1;
  const visit = (level: readonly FormElement[], parent: number | null): FormElement[] =>
    level.map((element) => {
      const id = next++;
      return {
        ...element,
        formElementDefAssociationId: id,
        formElementDefId: 1000 + id,
        parentFormElementDefId: parent,
        displayOrder: orders[id % Math.max(1, orders.length)] ?? id,
        elements: visit(element.elements, 1000 + id),
      };
    });
  return visit(elements, null);
}

/** A form's element tree: nested groups, every leaf type, options with room for a valid value. */
export const formElementsArb: fc.Arbitrary<FormElement[]> = fc
  .record({ elements: tree, orders: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }) })
  .map(({ elements, orders }) => numbered(elements, orders));

const DAY_MIN = Date.UTC(1970, 0, 1);
const DAY_MAX = Date.UTC(2100, 11, 31);
const momentArb = fc.integer({ min: DAY_MIN, max: DAY_MAX }).map((ms) => new Date(ms));

/** A value within every limit of the element (required or not); null for a group. */
export function validValueArb(element: FormElement): fc.Arbitrary<TypedFormValue | null> {
  const options = element.formElementDefOptions;
  const needed = element.isRequired ? 1 : 0;
  switch (element.type) {
    case 'group':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean().map((value) => ({ type: 'boolean', value }));
    case 'date':
      return momentArb.map((date) => ({ type: 'date', value: date.toISOString().slice(0, 10) }));
    case 'dateTime':
      return momentArb.map((date) => ({ type: 'dateTime', value: date.toISOString() }));
    case 'duration':
      return fc
        .record({ h: fc.nat(99), m: fc.nat(59), s: fc.nat(59) })
        .map(({ h, m, s }) => ({ type: 'duration', value: `PT${h}H${m}M${s}S` }));
    case 'text': {
      const minLength = Math.max(options.minLength ?? 0, needed);
      const maxLength = Math.max(minLength, options.maxLength ?? minLength + 20);
      return fc.string({ minLength, maxLength }).map((value) => ({ type: 'text', value }));
    }
    case 'number': {
      const min = options.min ?? -1e6;
      const max = options.max ?? 1e6;
      const value =
        options.format === 'integer'
          ? fc.integer({ min, max })
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => n + 0);
      return value.map((n) => ({ type: 'number', value: n }));
    }
    case 'select':
      return fc.constantFrom(...(options.values ?? ['any'])).map((value) => ({ type: 'text', value }));
    case 'multiSelect': {
      const values = options.values ?? ['any'];
      const minLength = Math.max(options.minSelections ?? 0, needed);
      const maxLength = Math.max(minLength, options.maxSelections ?? values.length);
      return fc
        .shuffledSubarray(values, { minLength, maxLength })
        .map((value) => (value.length === 0 ? null : { type: 'multiText', value }));
    }
    case 'multiText':
      return fc
        .array(fc.string(), { minLength: Math.max(1, needed), maxLength: 4 })
        .map((value) => ({ type: 'multiText', value }));
  }
}

/** Any value of any type, with or without sense: wrong types, out of range, NaN, empty, unknown choices. */
export const anyValueArb: fc.Arbitrary<TypedFormValue | null> = fc.oneof(
  fc.constant(null),
  fc.boolean().map((value) => ({ type: 'boolean' as const, value })),
  fc.string().map((value) => ({ type: 'date' as const, value })),
  fc.string().map((value) => ({ type: 'dateTime' as const, value })),
  fc.string().map((value) => ({ type: 'duration' as const, value })),
  fc
    .array(fc.string({ maxLength: 6 }), { maxLength: 8 })
    .map((value) => ({ type: 'multiText' as const, value })),
  fc.double().map((value) => ({ type: 'number' as const, value })),
  fc.string({ maxLength: 30 }).map((value) => ({ type: 'text' as const, value })),
);

/** The form's values from one value per element (groups get none), as the form keeps them. */
export function formValuesOf(
  formId: number,
  entries: ReadonlyArray<readonly [FormElement, TypedFormValue | null]>,
): FormValue[] {
  return entries.map(([element, value]) => ({
    formElementDefAssociationId: element.formElementDefAssociationId,
    formElementDefId: element.formElementDefId,
    formId,
    value,
  }));
}

/** A value that breaks exactly one limit of the element, with the message the spec gives for it; null when the
 * element has no limit to break. */
export function limitBreakingValueArb(
  element: FormElement,
): fc.Arbitrary<{ value: TypedFormValue; message: string }> | null {
  const options = element.formElementDefOptions;
  const breakers: Array<fc.Arbitrary<{ value: TypedFormValue; message: string }>> = [];
  if (element.type === 'text') {
    const { minLength, maxLength } = options;
    if (typeof minLength === 'number' && minLength > 1) {
      breakers.push(
        fc
          .oneof(
            fc.constant('x'.repeat(minLength - 1)),
            fc.string({ minLength: 1, maxLength: minLength - 1 }),
          )
          .map((value) => ({
            value: { type: 'text', value },
            message: `Input of length ${value.length} does not meet minimum length requirement of ${minLength} characters.`,
          })),
      );
    }
    if (typeof maxLength === 'number') {
      breakers.push(
        fc
          .oneof(
            fc.constant('x'.repeat(maxLength + 1)),
            fc.string({ minLength: maxLength + 1, maxLength: maxLength + 5 }),
          )
          .map((value) => ({
            value: { type: 'text', value },
            message: `Input of length ${value.length} exceeds maximum length requirement of ${maxLength} characters.`,
          })),
      );
    }
  }
  if (element.type === 'number') {
    const { min, max } = options;
    const integral = options.format === 'integer';
    // the smallest step past a limit is where an off-by-one hides: try it often
    const step = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 1000 }));
    if (typeof min === 'number') {
      breakers.push(
        step.map((d) => ({
          value: { type: 'number', value: min - d },
          message: `Input of value ${min - d} is less than the allowed minimum of ${min}.`,
        })),
      );
    }
    if (typeof max === 'number') {
      breakers.push(
        step.map((d) => ({
          value: { type: 'number', value: max + d },
          message: `Input of value ${max + d} is greater than the allowed minimum of ${max}.`,
        })),
      );
    }
    if (integral) {
      breakers.push(
        fc.constant({
          value: { type: 'number', value: (min ?? 0) + 0.5 },
          message: 'Input must be an integer (no decimal places).',
        }),
      );
    }
    breakers.push(
      fc.constant({
        value: { type: 'number', value: Number.NaN },
        message: 'Input is not recognized as a number.',
      }),
    );
  }
  if (element.type === 'select' || element.type === 'multiSelect') {
    const offered = options.values ?? [];
    const stranger = fc.string({ minLength: 7, maxLength: 9 }).filter((s) => !offered.includes(s));
    breakers.push(
      stranger.map((s) => ({
        value: element.type === 'select' ? { type: 'text', value: s } : { type: 'multiText', value: [s] },
        message: 'One or more invalid options are selected.',
      })),
    );
  }
  if (element.type === 'multiSelect') {
    const offered = options.values ?? [];
    const { minSelections, maxSelections } = options;
    if (typeof minSelections === 'number' && minSelections > 1) {
      breakers.push(
        fc.shuffledSubarray(offered, { minLength: 1, maxLength: minSelections - 1 }).map((value) => ({
          value: { type: 'multiText', value },
          message: `At least ${minSelections} options must be selected. Current: ${value.length}`,
        })),
      );
    }
    if (typeof maxSelections === 'number' && maxSelections < offered.length) {
      breakers.push(
        fc.shuffledSubarray(offered, { minLength: maxSelections + 1 }).map((value) => ({
          value: { type: 'multiText', value },
          message: `No more than ${maxSelections} options may be selected. Current: ${value.length}`,
        })),
      );
    }
  }
  return breakers.length === 0 ? null : fc.oneof(...breakers);
}
