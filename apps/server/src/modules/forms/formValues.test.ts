import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsEndpoints as forms, type FormDefinitionWire } from '@kelvin/contract';
import { timeEntries } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { ticketEvents, ticketsApi } from '../tickets/ticketsTestKit.ts';
import { TICKET_FROZEN } from '../tickets/ticketAccess.ts';
import { FORM_NOT_OFFERED } from './formValuesService.ts';
import { TIMER_PERIOD_TOO_LONG } from './formWorkTimeSheet.ts';
import {
  CHECKLIST,
  elementsByLabel,
  expectFormsRefused,
  formsApi,
  newTicket,
  okOf,
  valueFor,
} from './formsTestKit.ts';

describe('filled forms: save values with the work time sheet, read them back', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof formsApi>;
  let form: FormDefinitionWire;
  let ticketId: number;
  const db = () => server.database.db;
  const value = (label: string, typed: unknown) =>
    valueFor(form.formId, elementsByLabel(form.formElements), label, typed);

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = formsApi(server);
    form = okOf(
      forms.formDefinitionsCreate,
      await call.create(fleet.users.providerAdmin, {
        label: 'Quarterly preventive maintenance',
        formElements: CHECKLIST,
        ticketTypeValues: [1],
      }),
    );
    ticketId = await newTicket(server, fleet.users.technician, {
      companyId: fleet.companyA.companyId,
      assetIds: [fleet.ids.unitA1, fleet.ids.unitA3],
    });
  });
  afterAll(() => server.close());

  const save = (user: typeof fleet.users.technician, body: Record<string, unknown>) =>
    call.updateValues(user, {
      entityType: 'TICKET',
      entityId: ticketId,
      formId: form.formId,
      assetId: fleet.ids.unitA1,
      checkRequiredFormElementValues: true,
      formValues: [],
      workTimeSheet: [],
      ...body,
    });

  it('saves values In Progress while required ones are missing, Completed once they are there', async () => {
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const partial = okOf(
      forms.formsUpdateValues,
      await save(fleet.users.technician, {
        formValues: [value('Cabinet condition', { type: 'text', value: 'Clean, dry' })],
        workTimeSheet: [{ startTimestamp: start, elapsedDuration: 'PT25M' }],
      }),
    );
    expect(partial).toMatchObject({
      formId: form.formId,
      entityType: 'TICKET',
      entityId: ticketId,
      assetId: fleet.ids.unitA1,
      isFormCompleted: false,
      formVersion: 1,
      formTimeTracker: [{ startTimestamp: start, elapsedDuration: 'PT25M' }],
    });
    const full = okOf(
      forms.formsUpdateValues,
      await save(fleet.users.technician, {
        formValues: [
          value('Cabinet condition', { type: 'text', value: 'Clean, dry' }),
          value('Supply air temperature', { type: 'number', value: 18, capturedAt: start }),
          value('Fans checked', { type: 'multiText', value: ['Fan 1', 'Fan 2'] }),
          value('Filters', null),
        ],
        workTimeSheet: [{ startTimestamp: start, elapsedDuration: 'PT25M' }],
      }),
    );
    expect(full.isFormCompleted).toBe(true);
    expect(full.formValues.map((entry) => entry.value)).toEqual([
      { type: 'text', value: 'Clean, dry' },
      { type: 'number', value: 18, capturedAt: start },
      { type: 'multiText', value: ['Fan 1', 'Fan 2'] },
    ]);
    // The same period sent again (the screen merges prior entries) is entered once.
    const entries = await db().select().from(timeEntries).where(eq(timeEntries.ticketId, ticketId));
    expect(entries.map((entry) => [entry.durationMinutes, entry.date, entry.description])).toEqual([
      [25, start.slice(0, 10), 'Form: Quarterly preventive maintenance'],
    ]);
    const history = (await ticketEvents(db(), ticketId)).map((event) => event.name);
    expect(history.filter((name) => name === 'forms.values.update')).toHaveLength(2);
    expect(history.filter((name) => name === 'tickets.timeEntries.create')).toHaveLength(1);

    const listed = okOf(
      forms.formsListValues,
      await call.listValues(fleet.users.adminA, { entityType: 'TICKET', entityId: ticketId }),
    );
    expect(listed.content).toHaveLength(1);
    expect(listed.content[0]?.formValues).toEqual(full.formValues);
    const metadata = okOf(
      forms.formsListMetadata,
      await call.listMetadata(fleet.users.operatorA, { entityType: 'TICKET', entityId: ticketId }),
    );
    expect(metadata.content.map((entry) => [entry.formId, entry.assetId, entry.isFormCompleted])).toEqual([
      [form.formId, fleet.ids.unitA1, true],
    ]);
  });

  it("refuses invalid values with the form screen's messages naming the element, storing nothing", async () => {
    const answer = await expectFormsRefused(
      db(),
      () =>
        save(fleet.users.technician, {
          assetId: fleet.ids.unitA3,
          formValues: [
            value('Cabinet condition', { type: 'text', value: 'ok' }),
            value('Supply air temperature', { type: 'number', value: 40 }),
            value('Fans checked', { type: 'multiText', value: ['Fan 1', 'Fan 2', 'Fan 3'] }),
            value('Filters', { type: 'text', value: 'Melted' }),
          ],
          workTimeSheet: [{ startTimestamp: new Date().toISOString(), elapsedDuration: 'PT10M' }],
        }),
      400,
    );
    const error = errorOf(answer);
    expect(error.details).toEqual([
      {
        field: 'body.formValues.0.value',
        message: 'Input of length 2 does not meet minimum length requirement of 3 characters.',
      },
      {
        field: 'body.formValues.1.value',
        message: 'Input of value 40 is greater than the allowed minimum of 30.',
      },
      { field: 'body.formValues.3.value', message: 'One or more invalid options are selected.' },
      { field: 'body.formValues.2.value', message: 'No more than 2 options may be selected. Current: 3' },
    ]);
    expect(error.message).toContain(
      'Supply air temperature: Input of value 40 is greater than the allowed minimum of 30.',
    );

    const decimal = await save(fleet.users.technician, {
      assetId: fleet.ids.unitA3,
      formValues: [value('Supply air temperature', { type: 'number', value: 18.5 })],
    });
    expect(errorOf(decimal).details).toEqual([
      { field: 'body.formValues.0.value', message: 'Input must be an integer (no decimal places).' },
    ]);
    const stranger = await save(fleet.users.technician, {
      formValues: [
        { formElementDefAssociationId: 999_999, formElementDefId: 1, formId: form.formId, value: null },
      ],
    });
    expect(errorOf(stranger).message).toBe('Unable to find element with formElementDefAssociationId 999999.');
    const tooLong = await save(fleet.users.technician, {
      workTimeSheet: [
        { startTimestamp: new Date(Date.now() - 90_000_000).toISOString(), elapsedDuration: 'PT25H' },
      ],
    });
    expect(errorOf(tooLong).details).toEqual([
      { field: 'body.workTimeSheet.0.elapsedDuration', message: TIMER_PERIOD_TOO_LONG },
    ]);
  });

  it('keeps the version a form was filled against; a first fill after a new version takes the new one', async () => {
    const inputs = CHECKLIST.map((input) => ({
      ...input,
      formElementDefId: elementsByLabel(form.formElements).get(input.label)?.formElementDefId,
      ...(input.label === 'Supply air temperature'
        ? { formElementDefOptions: { ...input.formElementDefOptions, max: 50 } }
        : {}),
    }));
    const v2 = okOf(
      forms.formDefinitionsSave,
      await call.save(fleet.users.providerAdmin, {
        formId: form.formId,
        label: form.label,
        formElements: inputs,
      }),
    );
    // The unitA1 form was filled with version 1: 40 is still above its maximum of 30.
    const old = await save(fleet.users.technician, {
      formValues: [value('Supply air temperature', { type: 'number', value: 40 })],
    });
    expect(errorOf(old).details?.[0]?.message).toBe(
      'Input of value 40 is greater than the allowed minimum of 30.',
    );
    const v2Value = valueFor(form.formId, elementsByLabel(v2.formElements), 'Supply air temperature', {
      type: 'number',
      value: 40,
    });
    const fresh = okOf(
      forms.formsUpdateValues,
      await save(fleet.users.technician, { assetId: fleet.ids.unitA3, formValues: [v2Value] }),
    );
    expect(fresh).toMatchObject({ formVersion: 2, assetId: fleet.ids.unitA3, isFormCompleted: false });
    const metadata = okOf(
      forms.formsListMetadata,
      await call.listMetadata(fleet.users.technician, { entityType: 'TICKET', entityId: ticketId }),
    );
    expect(metadata.content.map((entry) => [entry.assetId, entry.formVersion])).toEqual([
      [fleet.ids.unitA1, 1],
      [fleet.ids.unitA3, 2],
    ]);
  });

  it("gives another company's users nothing and lets no reader write", async () => {
    for (const read of [call.listValues, call.listMetadata, call.listAttachments]) {
      const answer = await read(fleet.users.adminB, { entityType: 'TICKET', entityId: ticketId });
      expect(answer.status).toBe(404);
    }
    await expectFormsRefused(db(), () => save(fleet.users.adminB, {}), 404);
    await expectFormsRefused(db(), () => save(fleet.users.operatorA, {}), 403);
    await expectFormsRefused(db(), () => save(fleet.users.technician, { assetId: fleet.ids.unitB }), 404);
    const explorer = okOf(
      forms.formsListInstances,
      await call.listInstances(fleet.users.adminB, { formInstanceKeys: [{ entityType: 'TICKET' }] }),
    );
    expect(explorer.content).toEqual([]);
  });

  it('limits a customer to the assets of their access groups, and refuses forms not offered or frozen tickets', async () => {
    // The operator's group holds hall A1: unitA1's form shows, unitA3's does not.
    const seen = okOf(
      forms.formsListValues,
      await call.listValues(fleet.users.operatorA, { entityType: 'TICKET', entityId: ticketId }),
    );
    expect(seen.content.map((entry) => entry.assetId)).toEqual([fleet.ids.unitA1]);
    const explorer = okOf(
      forms.formsListInstances,
      await call.listInstances(fleet.users.operatorA, {
        formInstanceKeys: [{ entityType: 'TICKET', entityId: ticketId }],
      }),
    );
    expect(explorer.content.map((row) => row.assetId)).toEqual([fleet.ids.unitA1]);

    const incident = await newTicket(server, fleet.users.technician, {
      companyId: fleet.companyA.companyId,
      assetIds: [fleet.ids.unitA1],
      typeEnumValue: 0,
    });
    await expectFormsRefused(
      db(),
      () => save(fleet.users.technician, { entityId: incident }),
      400,
      FORM_NOT_OFFERED,
    );
    const setFrozen = await ticketsApi(server).setFrozen(fleet.users.providerAdmin, {
      ticketId,
      isFrozen: true,
    });
    expect(setFrozen.status).toBe(200);
    await expectFormsRefused(db(), () => save(fleet.users.technician, {}), 409, TICKET_FROZEN);
  });
});
