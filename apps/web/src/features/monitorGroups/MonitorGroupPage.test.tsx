import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MonitorGroup } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { buildCompany } from '../../test/assetFactories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { MonitorGroupPage } from './MonitorGroupPage.tsx';
import { buildGroup, buildRule, signInCustomer } from './monitorGroupsTestData.ts';

/** A fake's request body as fields to echo back. */
const fieldsOf = (body: unknown): object => (typeof body === 'object' && body !== null ? body : {});

const base = '/user/admin/companies/:companyId/monitorGroups';
const rules = [
  buildRule(),
  buildRule({
    problemRuleDefinitionId: 12,
    companyId: 1,
    name: 'Unit silent',
    kind: 'COMMUNICATION_LOST',
    condition: { kind: 'COMMUNICATION_LOST', subject: 'ASSET' },
    timeWindow: 'PT5M',
    recoveryDuration: 'PT0S',
    impactLevel: 'WARNING',
    tags: [],
  }),
  buildRule({ problemRuleDefinitionId: 13, name: 'Return air too warm' }),
];

function renderGroup(group: MonitorGroup, { write = true } = {}) {
  const api = fakeApi([
    { method: 'GET', path: /^\/companies\/2$/, reply: { body: buildCompany() } },
    { method: 'POST', path: /^\/monitorGroups\.get$/, reply: { body: group } },
    { method: 'POST', path: /^\/problemRuleDefinitions\.list$/, reply: { body: rules } },
    {
      method: 'POST',
      path: /^\/monitorGroups\.update$/,
      reply: (request) => ({ body: { ...group, ...fieldsOf(request.body) } }),
    },
    { method: 'POST', path: /^\/monitorGroups\.delete$/, reply: { body: { ok: true } } },
  ]);
  const queryClient = createQueryClient();
  signInCustomer(queryClient, { write });
  const rendered = renderWithRouter(
    [
      { path: base, element: <p>Group list</p> },
      { path: `${base}/:monitorGroupId`, element: <MonitorGroupPage /> },
    ],
    { initialPath: `/user/admin/companies/2/monitorGroups/${group.monitorGroupId}`, queryClient },
  );
  return { ...rendered, ...api };
}

const updates = (requests: { path: string; body: unknown }[]) =>
  requests.filter((request) => request.path === '/monitorGroups.update').map((request) => request.body);

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('monitor group page', () => {
  it('shows the group’s rules and adds one of the library’s', async () => {
    const user = userEvent.setup();
    const { requests } = renderGroup(buildGroup());
    expect(await screen.findByRole('heading', { name: 'CRAH watch' })).toBeInTheDocument();
    expect(screen.getByText('Watches 3 assets.')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Supply air too warm' });
    expect(card).toHaveTextContent("Average of temperature.supplyAir outside the unit's threshold limits");
    expect(card).toHaveTextContent('Over 2m; recovers after 2m');
    expect(screen.queryByRole('article', { name: 'Unit silent' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Add a rule' }));
    expect(await screen.findByText('Library rules')).toBeInTheDocument();
    expect(screen.getByText('Acme Cooling rules')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Unit silent' }));
    await waitFor(() =>
      expect(updates(requests)).toEqual([
        { monitorGroupId: 5, name: 'CRAH watch', description: null, problemRuleDefinitionIds: [11, 12] },
      ]),
    );
  }, 30_000);

  it('removes a rule from the group through its actions', async () => {
    const user = userEvent.setup();
    const { requests } = renderGroup(buildGroup({ problemRuleDefinitionIds: [11, 12] }));
    await user.click(await screen.findByRole('button', { name: 'Actions of Unit silent' }));
    // A library rule is not this company's to edit or delete: only its place in the group is.
    expect(screen.queryByRole('menuitem', { name: 'Edit rule' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Remove from group' }));
    await waitFor(() => expect(updates(requests)).toHaveLength(1));
    expect(updates(requests)[0]).toMatchObject({ problemRuleDefinitionIds: [11] });
  }, 30_000);

  it('says what to do when the group holds no rules', async () => {
    renderGroup(buildGroup({ problemRuleDefinitionIds: [], assetCount: 0 }));
    expect(
      await screen.findByText(
        /This group holds no rules yet: add one of Acme Cooling’s or the library’s rules/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No asset holds this group yet: attach it to units in their monitoring tab.'),
    ).toBeInTheDocument();
  });

  it('shows a library group read-only to a customer', async () => {
    renderGroup(
      buildGroup({ monitorGroupId: 6, companyId: 1, name: 'Standard CRAH', problemRuleDefinitionIds: [12] }),
    );
    expect(await screen.findByRole('heading', { name: 'Standard CRAH' })).toBeInTheDocument();
    expect(
      screen.getByText('A library group: any company may hold it; only the provider’s staff change it.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Unit silent' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add a rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions of/ })).not.toBeInTheDocument();
  });

  it('deletes the group after asking, and returns to the list', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderGroup(buildGroup({ assetCount: 0 }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete monitor group' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/admin/companies/2/monitorGroups'));
    expect(requests.find((request) => request.path === '/monitorGroups.delete')?.body).toEqual({
      monitorGroupId: 5,
    });
  }, 30_000);
});
