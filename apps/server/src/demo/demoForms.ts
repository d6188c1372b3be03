import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FormElementInput } from '@kelvin/contract';
import {
  CORE_ENUMS,
  PROVIDER_COMPANY_ID,
  validateForm,
  walkFormElements,
  type FormElement,
  type FormElementDefOptions,
  type FormElementType,
  type FormValue,
  type TypedFormValue,
} from '@kelvin/domain';
import { loadFormElements } from '../modules/forms/formDefinitionsRepository.ts';
import { insertFormDefinition } from '../modules/forms/formVersionWriter.ts';
import { enterTimerPeriods } from '../modules/forms/formWorkTimeSheet.ts';
import type { Tx } from '../platform/db/database.ts';
import { formInstances, formValues } from '../platform/db/formsSchema.ts';
import { users } from '../platform/db/schema.ts';
import { ticketAssets, tickets } from '../platform/db/ticketsSchema.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const { incident, scheduledPM, startupCommissioning } = CORE_ENUMS.ticketType.values;

/** Builds a checklist's flat element list: `section` opens a group, `sub` a group inside the last section. */
function checklist(build: (add: Adder) => void): FormElementInput[] {
  const elements: FormElementInput[] = [];
  let section: string | null = null;
  let parent: string | null = null;
  const add: Adder = (type, label, options = {}, isRequired = false) => {
    const key = `e${elements.length}`;
    if (type === 'group') {
      const nested = label.startsWith('  ');
      elements.push({
        key,
        parentKey: nested ? section : null,
        label: label.trim(),
        type,
        isRequired,
        formElementDefOptions: {},
      });
      if (!nested) section = key;
      parent = key;
      return;
    }
    elements.push({ key, parentKey: parent, label, type, isRequired, formElementDefOptions: options });
  };
  build(add);
  return elements;
}
type Adder = (
  type: FormElementType,
  label: string,
  options?: FormElementDefOptions,
  isRequired?: boolean,
) => void;

/** Start-up commissioning of a CRAH: before the unit carries load, every system checked and its readings taken. */
const COMMISSIONING = checklist((add) => {
  add('group', 'Section 1 – Visual inspection');
  add('text', 'Unit serial number', { minLength: 6, maxLength: 30 }, true);
  add(
    'select',
    'Cabinet and panels',
    { values: ['As delivered', 'Minor damage', 'Damaged'], displayFormat: 'radio', default: 'As delivered' },
    true,
  );
  add('boolean', 'Shipping brackets removed', { default: false }, true);
  add('group', '  Section 1.1 – Piping and drains');
  add(
    'multiSelect',
    'Connections checked',
    {
      values: ['Chilled water supply', 'Chilled water return', 'Condensate drain', 'Humidifier feed'],
      displayFormat: 'checkbox',
      minSelections: 2,
      maxSelections: 4,
    },
    true,
  );
  add('boolean', 'Condensate trap primed', {});
  add('group', 'Section 2 – Electrical');
  add('number', 'Supply voltage L1-L2 (V)', { format: 'integer', min: 360, max: 440 }, true);
  add('number', 'Insulation resistance (MΩ)', { format: 'decimal', min: 1, max: 2000 });
  add('select', 'Phase rotation', { values: ['Correct', 'Reversed'], displayFormat: 'dropdown' }, true);
  add('group', 'Section 3 – Start-up readings');
  add(
    'number',
    'Supply air temperature (°C)',
    { format: 'decimal', min: 10, max: 30, metricAlias: 'temperature.supplyAir' },
    true,
  );
  add(
    'number',
    'Return air temperature (°C)',
    { format: 'decimal', min: 15, max: 45, metricAlias: 'temperature.returnAir' },
    true,
  );
  add('number', 'Return humidity (%RH)', {
    format: 'integer',
    min: 20,
    max: 80,
    metricAlias: 'humidity.return',
  });
  add('number', 'Supply airflow (m³/h)', {
    format: 'integer',
    min: 0,
    max: 40000,
    metricAlias: 'airflow.supply',
  });
  add('duration', 'Time to stable supply temperature', { default: 'PT15M' });
  add('group', 'Section 4 – Handover');
  add('date', 'Commissioning date', {}, true);
  add('dateTime', 'Unit released to load at', {});
  add('multiText', 'Open punch-list items', {});
  add('text', 'Remarks', { maxLength: 500 });
});

/** Quarterly preventive maintenance: filters, coils, fans, controls, with the readings after the service. */
const PREVENTIVE_MAINTENANCE = checklist((add) => {
  add('group', 'Section 1 – Visual inspection');
  add(
    'select',
    'General condition',
    { values: ['Good', 'Fair', 'Poor'], displayFormat: 'radio', default: 'Good' },
    true,
  );
  add('boolean', 'Water or oil under the unit', { default: false }, true);
  add('boolean', 'Filter clogged alarm active', { metricAlias: 'alarm.filterClogged' });
  add('group', 'Section 2 – Filters and coils');
  add(
    'number',
    'Filter differential pressure before (iwg)',
    { format: 'decimal', min: 0, max: 2, metricAlias: 'pressure.filterDifferential' },
    true,
  );
  add(
    'select',
    'Filters',
    { values: ['Cleaned', 'Replaced', 'Left as found'], displayFormat: 'dropdown' },
    true,
  );
  add('number', 'Filters replaced', { format: 'integer', min: 0, max: 12, default: 0 });
  add('group', '  Section 2.1 – Coil');
  add('multiSelect', 'Coil work done', {
    values: ['Inspected', 'Combed', 'Cleaned with foam', 'Rinsed'],
    displayFormat: 'dropdown',
    minSelections: 1,
    maxSelections: 3,
  });
  add('group', 'Section 3 – Fans');
  add(
    'multiSelect',
    'Fans checked',
    { values: ['Fan 1', 'Fan 2', 'Fan 3'], displayFormat: 'checkbox', minSelections: 1 },
    true,
  );
  add('text', 'Bearing noise or vibration', { maxLength: 200 });
  add('group', 'Section 4 – Readings after service');
  add(
    'number',
    'Supply air temperature (°C)',
    { format: 'decimal', min: 10, max: 30, metricAlias: 'temperature.supplyAir' },
    true,
  );
  add('number', 'Chilled water supply temperature (°C)', {
    format: 'decimal',
    min: 4,
    max: 20,
    metricAlias: 'chilledWater.supplyTemperature',
  });
  add('duration', 'Unit out of service', { default: null });
  add('group', 'Section 5 – Sign-off');
  add('date', 'Next service due', {});
  add('dateTime', 'Service finished at', {}, true);
  add('multiText', 'Parts to order', {});
  add('text', 'Technician notes', { minLength: 10, maxLength: 1000 });
});

/** Incident inspection: what the technician found on site, the cause, and the unit's state when leaving. */
const INCIDENT_INSPECTION = checklist((add) => {
  add('group', 'Section 1 – Visual inspection');
  add('dateTime', 'Arrived on site at', {}, true);
  add('multiSelect', 'Active alarms on arrival', {
    values: [
      'High supply air temperature',
      'Compressor high pressure',
      'Fan failure',
      'Water leak',
      'Loss of airflow',
    ],
    displayFormat: 'checkbox',
    maxSelections: 5,
  });
  add(
    'number',
    'Supply air temperature on arrival (°C)',
    { format: 'decimal', min: 5, max: 45, metricAlias: 'temperature.supplyAir' },
    true,
  );
  add('group', '  Section 1.1 – Leak check');
  add('boolean', 'Refrigerant leak found', {}, true);
  add('text', 'Leak location', { maxLength: 200 });
  add('group', 'Section 2 – Diagnosis');
  add(
    'select',
    'Root cause',
    {
      values: ['Component failure', 'Control setting', 'Site condition', 'Not found'],
      displayFormat: 'dropdown',
    },
    true,
  );
  add('text', 'Findings', { minLength: 20, maxLength: 2000 }, true);
  add('multiText', 'Components replaced', {});
  add('group', 'Section 3 – Return to service');
  add('number', 'Supply air temperature on leaving (°C)', {
    format: 'decimal',
    min: 10,
    max: 30,
    metricAlias: 'temperature.supplyAir',
  });
  add('duration', 'Cooling lost for', {});
  add('date', 'Follow-up visit', {});
  add('boolean', 'Unit back in automatic control', { default: true }, true);
});

const DEMO_FORMS = [
  {
    label: 'Start-up commissioning – CRAH',
    formElements: COMMISSIONING,
    ticketTypeValues: [startupCommissioning],
  },
  {
    label: 'Quarterly preventive maintenance – CRAH',
    formElements: PREVENTIVE_MAINTENANCE,
    ticketTypeValues: [scheduledPM],
  },
  { label: 'Incident inspection', formElements: INCIDENT_INSPECTION, ticketTypeValues: [incident] },
] as const;

const SAMPLE_TEXT: Record<string, string> = {
  'Unit serial number': 'KV-CW400-2611-0457',
  'Bearing noise or vibration': 'Fan 2 slightly louder than 1 and 3; within limits.',
  'Technician notes': 'Filters replaced, coil cleaned, drain flushed. Unit stable after service.',
  'Leak location': 'Flare nut on the liquid line service valve.',
  Findings: 'High-pressure trips caused by a fouled condenser coil and a sticking fan contactor.',
  Remarks: 'Unit handed over to the site operator with the commissioning report.',
};

/** A plausible value for an element, inside its limits; `at` is the visit's time. */
function sampleValue(element: FormElement, at: Date, variant: number): TypedFormValue | null {
  const options = element.formElementDefOptions;
  const values = options.values ?? [];
  switch (element.type) {
    case 'text':
      return { type: 'text', value: SAMPLE_TEXT[element.label] ?? 'Checked, no remarks.' };
    case 'select':
      return { type: 'text', value: values[variant % Math.min(2, values.length)] ?? '' };
    case 'multiSelect':
      return {
        type: 'multiText',
        value: values.slice(0, Math.max(options.minSelections ?? 1, Math.min(2, values.length))),
      };
    case 'multiText':
      return {
        type: 'multiText',
        value: variant % 2 === 0 ? ['Fan 2 contactor', 'Condensate pump'] : ['Pre-filter G4 × 4'],
      };
    case 'number': {
      const low = options.min ?? 0;
      const high = options.max ?? low + 100;
      const middle = low + ((high - low) * (3 + (variant % 3))) / 10;
      const value = options.format === 'integer' ? Math.round(middle) : Math.round(middle * 10) / 10;
      return { type: 'number', value, ...(options.metricAlias ? { capturedAt: at.toISOString() } : {}) };
    }
    case 'boolean':
      return {
        type: 'boolean',
        value: typeof options.default === 'boolean' ? options.default : variant % 2 === 1,
      };
    case 'date':
      return {
        type: 'date',
        value: new Date(at.getTime() + (variant % 2) * 90 * DAY).toISOString().slice(0, 10),
      };
    case 'dateTime':
      return { type: 'dateTime', value: at.toISOString() };
    case 'duration':
      return { type: 'duration', value: variant % 2 === 0 ? 'PT45M' : 'PT1H30M' };
    case 'group':
      return null;
  }
}

/**
 * Fills one form for a ticket's asset, as a technician's visit would: every element (complete), or the first
 * sections only (in progress), with one or two timer periods that become the ticket's time entries.
 */
async function fillDemoForm(
  tx: Tx,
  target: {
    formId: number;
    label: string;
    ticketId: number;
    companyId: number;
    assetId: number;
    userId: number;
  },
  complete: boolean,
  at: Date,
  variant: number,
): Promise<void> {
  const elements = await loadFormElements(tx, target.formId, 1);
  const fields = walkFormElements(elements).filter((element) => element.type !== 'group');
  const filled = complete ? fields : fields.slice(0, Math.ceil(fields.length / 2));
  const values: FormValue[] = filled.map((element) => ({
    formElementDefAssociationId: element.formElementDefAssociationId,
    formElementDefId: element.formElementDefId,
    formId: target.formId,
    value: sampleValue(element, at, variant),
  }));
  const errors = validateForm(elements, values, { checkRequired: false });
  if (Object.keys(errors).length > 0) throw new Error(`demo form values invalid: ${JSON.stringify(errors)}`);
  const isFormCompleted = Object.keys(validateForm(elements, values, { checkRequired: true })).length === 0;
  const [instance] = await tx
    .insert(formInstances)
    .values({
      formId: target.formId,
      formVersion: 1,
      entityId: target.ticketId,
      assetId: target.assetId,
      isFormCompleted,
      createdBy: target.userId,
      updatedBy: target.userId,
      createdAt: at,
      updatedAt: new Date(at.getTime() + 95 * MINUTE),
    })
    .returning();
  if (!instance) throw new Error('demo form not inserted');
  await tx.insert(formValues).values(
    values.map((value) => ({
      formInstanceId: instance.formInstanceId,
      formElementDefAssociationId: value.formElementDefAssociationId,
      formElementDefId: value.formElementDefId,
      value: value.value,
      updatedBy: target.userId,
      updatedAt: at,
    })),
  );
  const periods = [{ start: at, elapsedMs: (40 + variant * 5) * MINUTE }];
  if (complete) periods.push({ start: new Date(at.getTime() + 60 * MINUTE), elapsedMs: 35 * MINUTE });
  await enterTimerPeriods(
    tx,
    target.userId,
    { ticketId: target.ticketId, companyId: target.companyId },
    instance,
    periods,
    `Form: ${target.label}`,
  );
}

/**
 * The demo's checklists (issue 23): start-up commissioning of a CRAH, quarterly preventive maintenance and incident
 * inspection, in the provider's catalogue, each on its ticket type; then filled forms on the demo tickets of those
 * types, for their first asset: every other one complete, the rest half-filled, each with timer periods entered as
 * the ticket's time. Call it inside the demo seed's transaction after the tickets exist.
 */
export async function seedDemoForms(tx: Tx, now = Date.now()): Promise<number> {
  const [staff] = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.companyId, PROVIDER_COMPANY_ID), eq(users.isDeleted, false)))
    .orderBy(asc(users.userId))
    .limit(1);
  if (!staff) return 0;
  const formIdByType = new Map<number, { formId: number; label: string }>();
  for (const demo of DEMO_FORMS) {
    const form = await insertFormDefinition(tx, { ...demo, companyId: null }, staff.userId);
    for (const type of demo.ticketTypeValues)
      formIdByType.set(type, { formId: form.formId, label: form.label });
  }
  const targets = await tx
    .selectDistinctOn([tickets.ticketId], {
      ticketId: tickets.ticketId,
      companyId: tickets.companyId,
      typeValue: tickets.typeValue,
      createdAt: tickets.createdAt,
      assetId: ticketAssets.assetId,
    })
    .from(tickets)
    .innerJoin(ticketAssets, eq(ticketAssets.ticketId, tickets.ticketId))
    .where(inArray(tickets.typeValue, [...formIdByType.keys()]))
    .orderBy(asc(tickets.ticketId), asc(ticketAssets.assetId));
  let filled = 0;
  for (const [index, target] of targets.entries()) {
    const form = formIdByType.get(target.typeValue);
    if (form === undefined) continue;
    const at = new Date(Math.min(target.createdAt.getTime() + DAY / 2, now - 2 * 3_600_000));
    await fillDemoForm(tx, { ...target, ...form, userId: staff.userId }, index % 2 === 0, at, index);
    filled++;
  }
  return filled;
}
