/**
 * The spec's Excel export of a filled form (section 9, Excel export) as plain data, without exceljs: the web app
 * turns it into a workbook (worksheet.columns takes `columns` as they are, addRow takes each row by key).
 *
 * Layout, where the spec leaves it open: each top-level element is a section (a top-level group's children are its
 * steps; a top-level field is a section of one step). A step's row has its label as Description; a step that is a
 * group puts each field under it in the column of that field's label (the "one column per distinct child label"),
 * and a step that is a field puts its own value in the column 'Value'.
 */
import { durationText } from '../time/duration.ts';
import {
  formValuesByAssociationId,
  sortByDisplayOrder,
  walkFormElements,
  type FormDefinition,
  type FormElement,
  type FormValue,
  type TypedFormValue,
} from './formModel.ts';

export const SECTION_COLUMN_WIDTH = 15;
export const STEP_COLUMN_WIDTH = 15;
export const DESCRIPTION_COLUMN_WIDTH = 75;
export const CHILD_COLUMN_WIDTH = 15;
/** Spec: the default export label when the ticket id is missing. */
export const DEFAULT_EXPORT_LABEL = 'Downloaded Form';
/** Spec: company name and 'performed by' default. */
export const NOT_AVAILABLE = 'N/A';
/** The column a step that is itself a field shows its value in. */
export const VALUE_COLUMN_LABEL = 'Value';

export interface FormWorkbookColumn {
  key: string;
  header: string;
  width: number;
}

/** Cells by column key; section and step are numbers (sortable in Excel), the rest text. */
export type FormWorkbookRow = Record<string, string | number>;

export interface FormWorkbookLayout {
  /** ticketId:formLabel */
  title: string;
  sheetName: string;
  /** Lines above the table: Company, Performed by, Date. */
  details: Array<{ label: string; value: string }>;
  columns: FormWorkbookColumn[];
  rows: FormWorkbookRow[];
}

export interface FormWorkbookInput {
  ticketId: number | string | null | undefined;
  form: FormDefinition;
  values: readonly FormValue[];
  companyName?: string | null;
  /** Who filled it and when; read from the form's 'performed by' section when not given. */
  performedBy?: { name?: string | null; date?: string | number | null } | null;
  /** Today, for the 'performed by' date default (an injected moment keeps this pure). */
  now: number;
  /** How a moment is written (the web passes its one date-time formatter and zone); UTC by default. */
  formatDateTime?: (ms: number) => string;
  /** How a day is written; MM/dd/yyyy of the moment in UTC by default. */
  formatDate?: (ms: number) => string;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** MM/dd/yyyy in UTC (spec date format). */
export function formatUtcDate(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** MM/dd/yyyy hh:mm:ss a in UTC (spec date and time formats). */
export function formatUtcDateTime(ms: number): string {
  const date = new Date(ms);
  const hours = date.getUTCHours();
  const clock = `${pad(hours % 12 === 0 ? 12 : hours % 12)}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${formatUtcDate(ms)} ${clock} ${hours < 12 ? 'AM' : 'PM'}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A stored day yyyy-MM-dd as MM/dd/yyyy, without passing through a zone (a day is not a moment). */
function formatStoredDay(day: string): string {
  const match = DAY.exec(day);
  return match ? `${match[2] ?? ''}/${match[3] ?? ''}/${match[1] ?? ''}` : day;
}

/** A value as the workbook writes it; 'N/A' when there is none. */
export function formValueText(
  value: TypedFormValue | null | undefined,
  formatDateTime: (ms: number) => string = formatUtcDateTime,
): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  switch (value.type) {
    case 'boolean':
      return value.value ? 'Yes' : 'No';
    case 'date':
      return formatStoredDay(value.value);
    case 'dateTime': {
      const ms = Date.parse(value.value);
      return Number.isNaN(ms) ? value.value : formatDateTime(ms);
    }
    case 'duration':
      return durationText(value.value);
    case 'multiText':
      return value.value.length === 0 ? NOT_AVAILABLE : value.value.join(', ');
    case 'number':
      return Number.isFinite(value.value) ? String(value.value) : NOT_AVAILABLE;
    case 'text':
      return value.value === '' ? NOT_AVAILABLE : value.value;
  }
}

const SECTION_LABEL = /section\s*(\d+)/i;

/** Spec: the section number parsed from a label matching 'section N', else the count. */
export function sectionNumber(label: string, counted: number): number {
  const match = SECTION_LABEL.exec(label);
  return match?.[1] === undefined ? counted : Number(match[1]);
}

const hasTicketId = (ticketId: FormWorkbookInput['ticketId']): ticketId is number | string =>
  ticketId !== null && ticketId !== undefined && String(ticketId).trim() !== '';

/** Spec: the file is titled ticketId:formLabel. */
export const formWorkbookTitle = (ticketId: FormWorkbookInput['ticketId'], formLabel: string): string =>
  `${hasTicketId(ticketId) ? String(ticketId) : DEFAULT_EXPORT_LABEL}:${formLabel}`;

/** Spec: the worksheet is named by ticket id, or 'Downloaded Form'. */
export const formSheetName = (ticketId: FormWorkbookInput['ticketId']): string =>
  hasTicketId(ticketId) ? String(ticketId) : DEFAULT_EXPORT_LABEL;

/** Spec: the zip of attachments is named 'ticketId - formLabel.zip'. */
export const formAttachmentsZipName = (ticketId: FormWorkbookInput['ticketId'], formLabel: string): string =>
  `${hasTicketId(ticketId) ? String(ticketId) : DEFAULT_EXPORT_LABEL} - ${formLabel}.zip`;

/**
 * A sheet name not yet taken in a workbook of several forms (two forms of one ticket): 'name', 'name (2)', ...
 * Excel allows 31 characters and refuses []:*?/\ in a sheet name.
 */
export function uniqueSheetName(name: string, taken: ReadonlySet<string>): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || DEFAULT_EXPORT_LABEL;
  const lowerTaken = new Set([...taken].map((n) => n.toLowerCase()));
  if (!lowerTaken.has(clean.toLowerCase())) return clean;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${clean.slice(0, 31 - suffix.length)}${suffix}`;
    if (!lowerTaken.has(candidate.toLowerCase())) return candidate;
  }
}

interface StepCells {
  section: number;
  step: number;
  description: string;
  cells: Map<string, string>;
}

/** The rows of one section: its steps in display order, numbered from 1. */
function sectionSteps(
  section: FormElement,
  number: number,
  valueText: (element: FormElement) => string,
): StepCells[] {
  const steps = section.type === 'group' ? sortByDisplayOrder(section.elements) : [section];
  return steps.map((step, index) => {
    const cells = new Map<string, string>();
    if (step.type === 'group') {
      for (const field of walkFormElements(step.elements)) {
        if (field.type !== 'group' && !cells.has(field.label)) cells.set(field.label, valueText(field));
      }
    } else {
      cells.set(VALUE_COLUMN_LABEL, valueText(step));
    }
    return { section: number, step: index + 1, description: step.label, cells };
  });
}

/** A moment given as ISO text or ms, or the fallback when it is missing or unreadable. */
function momentOr(moment: string | number | null | undefined, fallback: number): number {
  const ms = typeof moment === 'string' ? Date.parse(moment) : moment;
  return ms === null || ms === undefined || !Number.isFinite(ms) ? fallback : ms;
}

const childKey = (index: number): string => `child${index}`;

const PERFORMED_BY_LABEL = /performed\s*by/i;

/**
 * The 'performed by' section of the form, when it has one (a group labelled 'Performed by ...'): the name is its
 * text field (one labelled 'name' first), the date its date or dateTime field.
 */
export function performedByFromForm(
  form: FormDefinition,
  values: readonly FormValue[],
): { name: string | null; date: string | null } | null {
  const section = walkFormElements(form.formElements).find(
    (element) => element.type === 'group' && PERFORMED_BY_LABEL.test(element.label),
  );
  if (!section) return null;
  const byId = formValuesByAssociationId(values);
  const fields = walkFormElements(section.elements);
  const texts = fields.filter((field) => field.type === 'text');
  const nameField = texts.find((field) => /name/i.test(field.label)) ?? texts[0];
  const dateField = fields.find((field) => field.type === 'date' || field.type === 'dateTime');
  const name = nameField ? byId.get(nameField.formElementDefAssociationId) : undefined;
  const date = dateField ? byId.get(dateField.formElementDefAssociationId) : undefined;
  return {
    name: name?.type === 'text' && name.value !== '' ? name.value : null,
    date: date?.type === 'date' || date?.type === 'dateTime' ? date.value : null,
  };
}

/** The spec's workbook of one filled form as data. */
export function buildFormWorkbookLayout(input: FormWorkbookInput): FormWorkbookLayout {
  const formatDateTime = input.formatDateTime ?? formatUtcDateTime;
  const formatDate = input.formatDate ?? formatUtcDate;
  const byId = formValuesByAssociationId(input.values);
  const valueText = (element: FormElement): string =>
    formValueText(byId.get(element.formElementDefAssociationId), formatDateTime);

  const steps = sortByDisplayOrder(input.form.formElements)
    .flatMap((section, index) => sectionSteps(section, sectionNumber(section.label, index + 1), valueText))
    .map((row, order) => ({ row, order }))
    .sort((a, b) => a.row.section - b.row.section || a.row.step - b.row.step || a.order - b.order)
    .map(({ row }) => row);

  const childLabels = [...new Set(steps.flatMap((step) => [...step.cells.keys()]))];
  const columns: FormWorkbookColumn[] = [
    { key: 'section', header: 'Section', width: SECTION_COLUMN_WIDTH },
    { key: 'step', header: 'Step', width: STEP_COLUMN_WIDTH },
    { key: 'description', header: 'Description', width: DESCRIPTION_COLUMN_WIDTH },
    ...childLabels.map((label, index) => ({
      key: childKey(index),
      header: label,
      width: CHILD_COLUMN_WIDTH,
    })),
  ];
  const rows = steps.map((step): FormWorkbookRow => {
    const row: FormWorkbookRow = { section: step.section, step: step.step, description: step.description };
    childLabels.forEach((label, index) => {
      const cell = step.cells.get(label);
      if (cell !== undefined) row[childKey(index)] = cell;
    });
    return row;
  });

  const performedBy = input.performedBy ?? performedByFromForm(input.form, input.values);
  const performedOn = performedBy?.date;
  const performedDay =
    typeof performedOn === 'string' && DAY.test(performedOn)
      ? formatStoredDay(performedOn)
      : formatDate(momentOr(performedOn, input.now));
  return {
    title: formWorkbookTitle(input.ticketId, input.form.label),
    sheetName: formSheetName(input.ticketId),
    details: [
      { label: 'Company', value: input.companyName || NOT_AVAILABLE },
      { label: 'Performed by', value: performedBy?.name || NOT_AVAILABLE },
      { label: 'Date', value: performedDay },
    ],
    columns,
    rows,
  };
}
