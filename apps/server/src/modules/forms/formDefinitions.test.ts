import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsEndpoints as forms } from '@kelvin/contract';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { FORM_VERSION_MOVED } from './formDefinitionsService.ts';
import { FORM_EDITORS_ONLY, FORM_NOT_FOUND } from './formsAccess.ts';
import { CHECKLIST, elementsByLabel, expectFormsRefused, formsApi, okOf } from './formsTestKit.ts';
import { events } from '../../platform/db/schema.ts';
import { eq } from 'drizzle-orm';

describe('form definitions: create, version, read, attach to ticket types', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof formsApi>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = formsApi(server);
  });
  afterAll(() => server.close());

  const create = (overrides: Record<string, unknown> = {}) =>
    call.create(fleet.users.providerAdmin, {
      label: 'Quarterly preventive maintenance',
      formElements: CHECKLIST,
      ticketTypeValues: [1],
      ...overrides,
    });

  it('creates version 1 as a tree: groups nested, siblings in display order, options kept, audited', async () => {
    const form = okOf(forms.formDefinitionsCreate, await create());
    expect(form).toMatchObject({ version: 1, latestVersion: 1, companyId: null, ticketTypeValues: [1] });
    expect(form.formElements.map((element) => element.label)).toEqual([
      'Section 1 – Visual inspection',
      'Section 2 – Sign-off',
    ]);
    const [section1] = form.formElements;
    expect(section1?.elements.map((element) => [element.label, element.displayOrder])).toEqual([
      ['Cabinet condition', 0],
      ['Supply air temperature', 1],
      ['Filters', 2],
      ['Section 1.1 – Fans', 3],
    ]);
    const byLabel = elementsByLabel(form.formElements);
    const fans = byLabel.get('Fans checked');
    expect(fans).toMatchObject({
      type: 'multiSelect',
      rootFormId: form.formId,
      parentFormElementDefId: byLabel.get('Section 1.1 – Fans')?.formElementDefId,
      formElementDefOptions: {
        values: ['Fan 1', 'Fan 2', 'Fan 3'],
        displayFormat: 'checkbox',
        minSelections: 1,
        maxSelections: 2,
      },
    });
    expect(byLabel.get('Supply air temperature')?.formElementDefOptions.metricAlias).toBe(
      'temperature.supplyAir',
    );
    expect(byLabel.get('Cabinet condition')?.isRequired).toBe(true);
    const audit = await db().select().from(events).where(eq(events.subjectType, 'form'));
    expect(audit.map((event) => [event.name, event.subjectId])).toContainEqual([
      'forms.definitions.create',
      String(form.formId),
    ]);
  });

  it('saves a new version; the old one stays as it was, unchanged elements keep their definition', async () => {
    const v1 = okOf(forms.formDefinitionsCreate, await create({ label: 'Incident inspection' }));
    const old = elementsByLabel(v1.formElements);
    const edited = CHECKLIST.map((input) => ({
      ...input,
      formElementDefId: old.get(input.label)?.formElementDefId,
      ...(input.label === 'Supply air temperature'
        ? { formElementDefOptions: { ...input.formElementDefOptions, max: 35 } }
        : {}),
    }));
    const v2 = okOf(
      forms.formDefinitionsSave,
      await call.save(fleet.users.technician, {
        formId: v1.formId,
        expectedVersion: 1,
        label: 'Incident inspection v2',
        formElements: edited,
      }),
    );
    expect(v2).toMatchObject({ version: 2, latestVersion: 2, label: 'Incident inspection v2' });
    const now = elementsByLabel(v2.formElements);
    expect(now.get('Cabinet condition')?.formElementDefId).toBe(
      old.get('Cabinet condition')?.formElementDefId,
    );
    expect(now.get('Cabinet condition')?.formElementDefAssociationId).not.toBe(
      old.get('Cabinet condition')?.formElementDefAssociationId,
    );
    expect(now.get('Supply air temperature')?.formElementDefId).not.toBe(
      old.get('Supply air temperature')?.formElementDefId,
    );
    expect(now.get('Supply air temperature')?.formElementDefOptions.max).toBe(35);

    const first = okOf(
      forms.formDefinitionsGet,
      await call.definition(fleet.users.adminA, { formId: v1.formId, version: 1 }),
    );
    expect(first).toMatchObject({ version: 1, latestVersion: 2, label: 'Incident inspection' });
    expect(elementsByLabel(first.formElements).get('Supply air temperature')?.formElementDefOptions.max).toBe(
      30,
    );

    await expectFormsRefused(
      db(),
      () =>
        call.save(fleet.users.providerAdmin, {
          formId: v1.formId,
          expectedVersion: 1,
          label: 'Late',
          formElements: edited,
        }),
      409,
      FORM_VERSION_MOVED,
    );
    const list = okOf(forms.formDefinitionsList, await call.definitions(fleet.users.providerAdmin));
    const listed = list.content.find((form) => form.formId === v1.formId);
    expect(listed?.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(listed?.elementCount).toBe(CHECKLIST.length);
  });

  it('refuses a customer editing definitions, and bad definitions naming the field', async () => {
    await expectFormsRefused(
      db(),
      () => call.create(fleet.users.adminA, { label: 'Mine', formElements: [] }),
      403,
      FORM_EDITORS_ONLY,
    );
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { key: 'a', label: 'Pick', type: 'select', formElementDefOptions: {} },
        'body.formElements.0.formElementDefOptions.values',
        'A select element needs at least one value.',
      ],
      [
        { key: 'a', label: 'Speed', type: 'number', formElementDefOptions: { min: 5, max: 1 } },
        'body.formElements.0.formElementDefOptions.max',
        'max is below min.',
      ],
      [
        { key: 'a', label: 'Note', type: 'text', formElementDefOptions: { values: ['x'] } },
        'body.formElements.0.formElementDefOptions.values',
        'A text element takes no values.',
      ],
      [
        { key: 'a', label: 'Note', type: 'text', parentKey: 'zz', formElementDefOptions: {} },
        'body.formElements.0.parentKey',
        'No element has the key zz.',
      ],
      [
        { key: 'a', label: 'When', type: 'date', formElementDefOptions: { default: '27/11/2026' } },
        'body.formElements.0.formElementDefOptions.default',
        'The default of a date is yyyy-MM-dd.',
      ],
    ];
    for (const [element, field, message] of refusals) {
      const answer = await expectFormsRefused(
        db(),
        () => call.create(fleet.users.providerAdmin, { label: 'Bad', formElements: [element] }),
        400,
        message,
      );
      expect(errorOf(answer).details).toEqual([{ field, message }]);
    }
    const nested = await call.create(fleet.users.providerAdmin, {
      label: 'Bad',
      formElements: [
        { key: 'a', label: 'Note', type: 'text' },
        { key: 'b', parentKey: 'a', label: 'Child', type: 'text' },
      ],
    });
    expect(errorOf(nested).details).toEqual([
      { field: 'body.formElements.1.parentKey', message: 'Only a group holds other elements.' },
    ]);
  });

  it("shows a company's own form to that company only; the catalogue to everyone; attaches ticket types", async () => {
    const own = okOf(
      forms.formDefinitionsCreate,
      await create({ label: 'Bravo start-up', companyId: fleet.companyB.companyId }),
    );
    const catalogue = okOf(forms.formDefinitionsCreate, await create({ label: 'Catalogue check' }));
    const seen = (user: typeof fleet.users.adminA) =>
      call
        .get(user, { entityTypes: ['TICKET'] })
        .then((answer) => okOf(forms.formsGet, answer).content.map((form) => form.formId));
    expect(await seen(fleet.users.adminB)).toEqual(expect.arrayContaining([own.formId, catalogue.formId]));
    expect(await seen(fleet.users.adminA)).not.toContain(own.formId);
    expect(await seen(fleet.users.adminA)).toContain(catalogue.formId);
    const onlyA = okOf(
      forms.formsGet,
      await call.get(fleet.users.providerAdmin, {
        entityTypes: ['TICKET'],
        companyIds: [fleet.companyA.companyId],
      }),
    );
    expect(onlyA.content.map((form) => form.formId)).not.toContain(own.formId);
    expect((await call.definition(fleet.users.adminA, { formId: own.formId })).status).toBe(404);
    expect(errorOf(await call.definition(fleet.users.adminA, { formId: own.formId })).message).toBe(
      FORM_NOT_FOUND,
    );
    expect((await call.definition(fleet.users.noRolesA, { formId: catalogue.formId })).status).toBe(403);

    const moved = okOf(
      forms.formDefinitionsSetTicketTypes,
      await call.setTicketTypes(fleet.users.providerAdmin, {
        formId: catalogue.formId,
        ticketTypeValues: [0, 8, 8],
      }),
    );
    expect(moved.ticketTypeValues).toEqual([0, 8]);
    await expectFormsRefused(
      db(),
      () => call.setTicketTypes(fleet.users.adminB, { formId: catalogue.formId, ticketTypeValues: [] }),
      403,
      FORM_EDITORS_ONLY,
    );
  });
});
