import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsEndpoints as forms } from '@kelvin/contract';
import { formInstances } from '../../platform/db/formsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { CHECKLIST, elementsByLabel, formsApi, newTicket, okOf, valueFor } from './formsTestKit.ts';

const HOUR = 3_600_000;

describe('form explorer (getFormInstances): columns, filters, sort, paging, scope', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof formsApi>;
  let formId: number;
  const tickets: Record<string, number> = {};
  const list = (user: typeof fleet.users.technician, body: Record<string, unknown> = {}) =>
    call
      .listInstances(user, { formInstanceKeys: [{ entityType: 'TICKET' }], ...body })
      .then((answer) => okOf(forms.formsListInstances, answer));

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    call = formsApi(server);
    const form = okOf(
      forms.formDefinitionsCreate,
      await call.create(fleet.users.providerAdmin, {
        label: 'Start-up commissioning',
        formElements: CHECKLIST,
        ticketTypeValues: [-1],
      }),
    );
    formId = form.formId;
    const byLabel = elementsByLabel(form.formElements);
    const fill = async (
      name: string,
      companyId: number,
      assetId: number,
      complete: boolean,
      hoursAgo: number,
    ) => {
      const ticketId = await newTicket(server, fleet.users.technician, { companyId, assetIds: [assetId] });
      tickets[name] = ticketId;
      const formValues = [valueFor(formId, byLabel, 'Cabinet condition', { type: 'text', value: 'Clean' })];
      if (complete)
        formValues.push(valueFor(formId, byLabel, 'Supply air temperature', { type: 'number', value: 20 }));
      const answer = await call.updateValues(fleet.users.technician, {
        entityType: 'TICKET',
        entityId: ticketId,
        formId,
        assetId,
        checkRequiredFormElementValues: true,
        formValues,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // Spread the saves over time, so that the date filter and sort have something to tell apart.
      await server.database.db
        .update(formInstances)
        .set({ updatedAt: new Date(Date.now() - hoursAgo * HOUR) })
        .where(eq(formInstances.entityId, ticketId));
    };
    await fill('alphaDone', fleet.companyA.companyId, fleet.ids.unitA1, true, 5);
    await fill('alphaOpen', fleet.companyA.companyId, fleet.ids.unitA3, false, 1);
    await fill('bravo', fleet.companyB.companyId, fleet.ids.unitB, true, 3);
  });
  afterAll(() => server.close());

  it('answers the columns, newest first by default, with the total', async () => {
    const page = await list(fleet.users.technician);
    expect(page.pageable.totalSize).toBe(3);
    expect(page.content.map((row) => [row.entityId, row.status])).toEqual([
      [tickets.alphaOpen, 'In Progress'],
      [tickets.bravo, 'Completed'],
      [tickets.alphaDone, 'Completed'],
    ]);
    expect(page.content[0]).toMatchObject({
      id: `${formId} - ${tickets.alphaOpen}`,
      formLabel: 'Start-up commissioning',
      formVersion: 1,
      assetId: fleet.ids.unitA3,
      assetName: 'AS-CRAH-01',
      companyId: fleet.companyA.companyId,
      companyName: 'Alpha Hosting',
      ticketTitle: 'Quarterly PM',
    });
    const sorted = await list(fleet.users.technician, {
      pageableQuery: {
        type: 'PAGED',
        pageSize: 2,
        pageNumber: 0,
        sort: [{ property: 'date', direction: 'ASC' }],
      },
    });
    expect(sorted.content.map((row) => row.entityId)).toEqual([tickets.alphaDone, tickets.bravo]);
    expect(sorted.pageable).toMatchObject({ totalSize: 3, pageSize: 2, pageNumber: 0 });
  });

  it('filters by company and by a date window only when from is before to', async () => {
    const alpha = await list(fleet.users.technician, { companyIds: [fleet.companyA.companyId] });
    expect(alpha.content.map((row) => row.companyId)).toEqual([
      fleet.companyA.companyId,
      fleet.companyA.companyId,
    ]);
    const now = Date.now();
    const window = {
      from: new Date(now - 4 * HOUR).toISOString(),
      to: new Date(now - 2 * HOUR).toISOString(),
    };
    const inWindow = await list(fleet.users.technician, { timeWindow: window });
    expect(inWindow.content.map((row) => row.entityId)).toEqual([tickets.bravo]);
    const reversed = await list(fleet.users.technician, { timeWindow: { from: window.to, to: window.from } });
    expect(reversed.pageable.totalSize).toBe(3);
    const badSort = await call.listInstances(fleet.users.technician, {
      formInstanceKeys: [{ entityType: 'TICKET' }],
      pageableQuery: {
        type: 'PAGED',
        pageSize: 10,
        pageNumber: 0,
        sort: [{ property: 'secret', direction: 'ASC' }],
      },
    });
    expect(badSort.status).toBe(400);
    expect(errorOf(badSort).details?.[0]?.field).toBe('body.pageableQuery.sort.0.property');
  });

  it("shows a customer their company's forms only, within their access groups", async () => {
    expect((await list(fleet.users.adminB)).content.map((row) => row.entityId)).toEqual([tickets.bravo]);
    expect((await list(fleet.users.adminB, { companyIds: [fleet.companyA.companyId] })).content).toEqual([]);
    expect((await list(fleet.users.adminA)).pageable.totalSize).toBe(2);
    expect((await list(fleet.users.operatorA)).content.map((row) => row.entityId)).toEqual([
      tickets.alphaDone,
    ]);
    expect(
      (await call.listInstances(fleet.users.noRolesA, { formInstanceKeys: [{ entityType: 'TICKET' }] }))
        .status,
    ).toBe(403);
  });
});
