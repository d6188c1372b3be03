import { describe, expect, it } from 'vitest';
import { type FormDefinition, type FormElement, type FormValue, type TypedFormValue } from './formModel.ts';
import { buildFormElement as element } from './formTestElements.ts';
import {
  buildFormWorkbookLayout,
  formAttachmentsZipName,
  formValueText,
  sectionNumber,
  uniqueSheetName,
} from './formWorkbook.ts';

const NOW = Date.UTC(2026, 10, 27, 15, 4, 5);
const valueOf = (el: FormElement, value: TypedFormValue | null): FormValue => ({
  formElementDefAssociationId: el.formElementDefAssociationId,
  formElementDefId: el.formElementDefId,
  formId: 5,
  value,
});

// Section 2 is shown first but numbered 2; 'Airflow' has no number and is the third section shown.
const filters = element('boolean', {}, { label: 'Filters clean', displayOrder: 1 });
const belts = element('text', {}, { label: 'Belt condition', displayOrder: 2 });
const visual = element(
  'group',
  {},
  { label: 'SECTION 2 – Visual inspection', displayOrder: 1, elements: [belts, filters] },
);
const amps = element('number', {}, { label: 'Amps', displayOrder: 1 });
const volts = element('number', {}, { label: 'Volts', displayOrder: 2 });
const fan1 = element('group', {}, { label: 'Fan 1', displayOrder: 1, elements: [amps, volts] });
const electrical = element(
  'group',
  {},
  { label: 'Section 1 - Electrical', displayOrder: 2, elements: [fan1] },
);
const supply = element('dateTime', {}, { label: 'Checked at', displayOrder: 1 });
const airflow = element('group', {}, { label: 'Airflow', displayOrder: 3, elements: [supply] });
const form: FormDefinition = {
  formId: 5,
  label: 'Quarterly PM',
  version: 2,
  formElements: [airflow, electrical, visual],
};

describe('buildFormWorkbookLayout', () => {
  const layout = buildFormWorkbookLayout({
    ticketId: 1201,
    form,
    values: [
      valueOf(filters, { type: 'boolean', value: true }),
      valueOf(amps, { type: 'number', value: 4.2 }),
    ],
    now: NOW,
  });

  it("titles the file ticketId:formLabel and names the sheet by ticket id, 'Downloaded Form' without one", () => {
    expect(layout.title).toBe('1201:Quarterly PM');
    expect(layout.sheetName).toBe('1201');
    const anonymous = buildFormWorkbookLayout({ ticketId: null, form, values: [], now: NOW });
    expect(anonymous.sheetName).toBe('Downloaded Form');
  });

  it('has Section 15, Step 15, Description 75 and one column of 15 per distinct child label', () => {
    expect(layout.columns.map((c) => [c.header, c.width])).toEqual([
      ['Section', 15],
      ['Step', 15],
      ['Description', 75],
      ['Amps', 15],
      ['Volts', 15],
      ['Value', 15],
    ]);
  });

  it("sorts rows by section, then step, numbering a section from its label or its count, 'N/A' when no value", () => {
    const [amp, volt, value] = ['child0', 'child1', 'child2'] as const;
    expect(layout.rows).toEqual([
      { section: 1, step: 1, description: 'Fan 1', [amp]: '4.2', [volt]: 'N/A' },
      { section: 2, step: 1, description: 'Filters clean', [value]: 'Yes' },
      { section: 2, step: 2, description: 'Belt condition', [value]: 'N/A' },
      { section: 3, step: 1, description: 'Checked at', [value]: 'N/A' },
    ]);
  });

  it("defaults company and performed-by to 'N/A' and the date to today", () => {
    expect(layout.details).toEqual([
      { label: 'Company', value: 'N/A' },
      { label: 'Performed by', value: 'N/A' },
      { label: 'Date', value: '11/27/2026' },
    ]);
  });

  it("reads the name and date of a 'Performed by' section", () => {
    const who = element('text', {}, { label: 'Technician name', displayOrder: 1 });
    const when = element('date', {}, { label: 'Date', displayOrder: 2 });
    const section = element('group', {}, { label: 'Performed by', displayOrder: 9, elements: [who, when] });
    const signed = buildFormWorkbookLayout({
      ticketId: 7,
      form: { ...form, formElements: [...form.formElements, section] },
      values: [
        valueOf(who, { type: 'text', value: 'Ada' }),
        valueOf(when, { type: 'date', value: '2026-03-04' }),
      ],
      companyName: 'Acme DC',
      now: NOW,
    });
    expect(signed.details).toEqual([
      { label: 'Company', value: 'Acme DC' },
      { label: 'Performed by', value: 'Ada' },
      { label: 'Date', value: '03/04/2026' },
    ]);
  });
});

describe('workbook helpers', () => {
  it('parses section numbers case-insensitively, else counts', () => {
    expect(sectionNumber('section 12: Coils', 1)).toBe(12);
    expect(sectionNumber('Compressor', 4)).toBe(4);
  });
  it('names the attachments zip ticketId - formLabel.zip', () => {
    expect(formAttachmentsZipName(1201, 'Quarterly PM')).toBe('1201 - Quarterly PM.zip');
  });
  it('writes values with the spec formats', () => {
    expect(formValueText({ type: 'date', value: '2026-01-02' })).toBe('01/02/2026');
    expect(formValueText({ type: 'dateTime', value: '2026-01-02T13:04:05Z' })).toBe('01/02/2026 01:04:05 PM');
    expect(formValueText({ type: 'dateTime', value: '2026-01-02T00:00:00Z' })).toBe('01/02/2026 12:00:00 AM');
    expect(formValueText({ type: 'duration', value: 'PT1H30M' })).toBe('1h 30m');
    expect(formValueText({ type: 'multiText', value: ['a', 'b'] })).toBe('a, b');
    expect(formValueText({ type: 'boolean', value: false })).toBe('No');
    expect(formValueText(null)).toBe('N/A');
    expect(formValueText({ type: 'dateTime', value: '2026-01-02T13:04:05Z' }, () => 'zone')).toBe('zone');
  });
  it('keeps sheet names of several forms apart and within Excel rules', () => {
    expect(uniqueSheetName('1201', new Set(['1201']))).toBe('1201 (2)');
    expect(uniqueSheetName('1201', new Set(['1201', '1201 (2)']))).toBe('1201 (3)');
    expect(uniqueSheetName('a/b', new Set())).toBe('a b');
    expect(uniqueSheetName('x'.repeat(40), new Set()).length).toBe(31);
  });
});
