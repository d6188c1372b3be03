import type { FormElement, FormElementDefOptions, FormElementType } from '@kelvin/domain';
import type { FormDefinitionData, FormInstanceData } from '../formsQueries.ts';

let nextId = 1;

/** An element of a test form; ids count up so that every element of a form is distinct. */
export function testElement(
  type: FormElementType,
  label: string,
  options: FormElementDefOptions = {},
  extra: Partial<FormElement> = {},
): FormElement {
  const id = nextId++;
  return {
    formElementDefAssociationId: id,
    formElementDefId: 500 + id,
    label,
    rootFormId: 3,
    parentFormElementDefId: null,
    isRequired: false,
    displayOrder: id,
    type,
    elements: [],
    formElementDefOptions: options,
    ...extra,
  };
}

/** A quarterly maintenance checklist: a note, a bound supply-air reading, a choice, and a nested group. */
export function buildTestForm() {
  nextId = 1; // the same ids on every build, so that a test's values match the screen's form
  const technician = testElement('text', 'Technician', { minLength: 3, maxLength: 40 }, { isRequired: true });
  const supplyAir = testElement(
    'number',
    'Supply air temperature',
    { min: 10, max: 40, metricAlias: 'temperature.supplyAir' },
    { isRequired: true },
  );
  const filter = testElement(
    'select',
    'Filter condition',
    { values: ['Clean', 'Dirty'], displayFormat: 'radio' },
    { isRequired: true },
  );
  const belts = testElement('boolean', 'Belts checked');
  const inner = testElement('group', 'Section 2 – Fans', {}, { elements: [belts] });
  const section = testElement('group', 'Section 1 – Visual inspection', {}, { elements: [filter, inner] });
  const form: FormDefinitionData = {
    formId: 3,
    label: 'Quarterly preventive maintenance',
    version: 2,
    latestVersion: 2,
    companyId: null,
    ticketTypeValues: [-1],
    formElements: [technician, supplyAir, section],
  };
  return { form, technician, supplyAir, filter, belts, inner, section };
}

/** What the server answers for a saved form of the test checklist. */
export function buildTestInstance(overrides: Partial<FormInstanceData> = {}): FormInstanceData {
  return {
    formId: 3,
    entityType: 'TICKET',
    entityId: 42,
    assetId: 11,
    isFormCompleted: false,
    formVersion: 2,
    formTimeTracker: [],
    updatedAt: '2026-11-27T10:00:00.000Z',
    updatedByName: 'Sam Staff',
    formValues: [],
    ...overrides,
  };
}
