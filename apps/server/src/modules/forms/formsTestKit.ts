import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type FormElementInput, type FormElementWire } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  formAttachments,
  formElementAssociations,
  formInstances,
  formTimeEntries,
  formValues,
  forms,
} from '../../platform/db/formsSchema.ts';
import { events } from '../../platform/db/schema.ts';
import { timeEntries } from '../../platform/db/ticketsSchema.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf, type ApiAnswer } from '../assets/assetsTestFixture.ts';
import { ticketOf, ticketsApi, type FleetUser } from '../tickets/ticketsTestKit.ts';

/** The forms calls as a user, over real HTTP. */
export function formsApi(server: TestServer) {
  const api = apiAs(server);
  const post = (path: string) => (user: FleetUser, body: unknown) => api(user, 'POST', path, body);
  return {
    get: post('/entities.forms.get'),
    updateValues: post('/entities.forms.updateValues'),
    listValues: post('/entities.forms.listValues'),
    listMetadata: post('/entities.forms.listMetadata'),
    listInstances: post('/entities.forms.listInstances'),
    listAttachments: post('/entities.forms.listAttachments'),
    attachmentUrl: post('/entities.forms.getAttachmentS3SignedUrl'),
    deleteAttachment: post('/entities.forms.deleteAttachment'),
    definitions: (user: FleetUser) => api(user, 'POST', '/entities.forms.definitions.list'),
    definition: post('/entities.forms.definitions.get'),
    create: post('/entities.forms.definitions.create'),
    save: post('/entities.forms.definitions.save'),
    setTicketTypes: post('/entities.forms.definitions.setTicketTypes'),
  };
}

/** The answer's body through the call's output schema, after checking it is a 200. */
export function okOf<S extends z.ZodType>(endpoint: { output: S }, answer: ApiAnswer): z.output<S> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return endpoint.output.parse(answer.body);
}

/**
 * A small checklist with every element type: a section group holding a nested group, limits on text, number and
 * multiSelect, required elements, defaults and a number bound to a metric.
 */
export const CHECKLIST: FormElementInput[] = [
  {
    key: 's1',
    parentKey: null,
    label: 'Section 1 – Visual inspection',
    type: 'group',
    isRequired: false,
    formElementDefOptions: {},
  },
  {
    key: 'note',
    parentKey: 's1',
    label: 'Cabinet condition',
    type: 'text',
    isRequired: true,
    formElementDefOptions: { minLength: 3, maxLength: 20 },
  },
  {
    key: 'temp',
    parentKey: 's1',
    label: 'Supply air temperature',
    type: 'number',
    isRequired: true,
    formElementDefOptions: { format: 'integer', min: 10, max: 30, metricAlias: 'temperature.supplyAir' },
  },
  {
    key: 'filters',
    parentKey: 's1',
    label: 'Filters',
    type: 'select',
    isRequired: false,
    formElementDefOptions: { values: ['Clean', 'Dirty', 'Replaced'], displayFormat: 'radio' },
  },
  {
    key: 's1a',
    parentKey: 's1',
    label: 'Section 1.1 – Fans',
    type: 'group',
    isRequired: false,
    formElementDefOptions: {},
  },
  {
    key: 'fans',
    parentKey: 's1a',
    label: 'Fans checked',
    type: 'multiSelect',
    isRequired: false,
    formElementDefOptions: {
      values: ['Fan 1', 'Fan 2', 'Fan 3'],
      displayFormat: 'checkbox',
      minSelections: 1,
      maxSelections: 2,
    },
  },
  {
    key: 'noise',
    parentKey: 's1a',
    label: 'Abnormal noise',
    type: 'boolean',
    isRequired: false,
    formElementDefOptions: { default: false },
  },
  {
    key: 's2',
    parentKey: null,
    label: 'Section 2 – Sign-off',
    type: 'group',
    isRequired: false,
    formElementDefOptions: {},
  },
  {
    key: 'day',
    parentKey: 's2',
    label: 'Visit date',
    type: 'date',
    isRequired: false,
    formElementDefOptions: {},
  },
  {
    key: 'at',
    parentKey: 's2',
    label: 'Finished at',
    type: 'dateTime',
    isRequired: false,
    formElementDefOptions: {},
  },
  {
    key: 'took',
    parentKey: 's2',
    label: 'Time on site',
    type: 'duration',
    isRequired: false,
    formElementDefOptions: { default: 'PT1H' },
  },
  {
    key: 'tags',
    parentKey: 's2',
    label: 'Remarks',
    type: 'multiText',
    isRequired: false,
    formElementDefOptions: {},
  },
];

/** Every element of a definition's tree, depth first, by label. */
export function elementsByLabel(elements: readonly FormElementWire[]): Map<string, FormElementWire> {
  const found = new Map<string, FormElementWire>();
  const visit = (level: readonly FormElementWire[]) =>
    level.forEach((element) => {
      found.set(element.label, element);
      visit(element.elements);
    });
  visit(elements);
  return found;
}

/** A value of the element with that label, as the form screen sends it. */
export function valueFor(
  formId: number,
  elements: Map<string, FormElementWire>,
  label: string,
  value: unknown,
): { formElementDefAssociationId: number; formElementDefId: number; formId: number; value: unknown } {
  const element = elements.get(label);
  if (!element) throw new Error(`no element ${label}`);
  return {
    formElementDefAssociationId: element.formElementDefAssociationId,
    formElementDefId: element.formElementDefId,
    formId,
    value,
  };
}

/** Creates a ticket of a company with its assets (as provider staff) and answers its id. */
export async function newTicket(
  server: TestServer,
  user: FleetUser,
  fields: {
    companyId: number;
    assetIds: number[];
    typeEnumValue?: number;
    visibility?: 'INTERNAL' | 'EXTERNAL';
  },
): Promise<number> {
  const answer = await ticketsApi(server).create(user, {
    title: 'Quarterly PM',
    typeEnumValue: 1,
    visibility: 'EXTERNAL',
    ...fields,
  });
  return ticketOf(answer).ticketId;
}

/** Everything a refused forms call must leave as it was. */
export async function formsSnapshot(db: DbOrTx) {
  const tally = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    forms: await tally(forms),
    associations: await tally(formElementAssociations),
    instances: await db.select().from(formInstances).orderBy(formInstances.formInstanceId),
    values: await tally(formValues),
    periods: await tally(formTimeEntries),
    attachments: await tally(formAttachments),
    timeEntries: await tally(timeEntries),
    events: await tally(events),
  };
}

/** Runs a call that must be refused with `status` (its message containing `message`) and proves nothing changed. */
export async function expectFormsRefused(
  db: DbOrTx,
  call: () => Promise<ApiAnswer>,
  status: number,
  message?: string,
): Promise<ApiAnswer> {
  const before = await formsSnapshot(db);
  const answer = await call();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (message !== undefined) expect(errorOf(answer).message).toContain(message);
  expect(await formsSnapshot(db)).toEqual(before);
  return answer;
}
