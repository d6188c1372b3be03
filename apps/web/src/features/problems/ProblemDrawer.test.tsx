import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { buildRule } from '../monitorGroups/monitorGroupsTestData.ts';
import { ProblemAlertView, type ListedProblem } from './ProblemAlertView.tsx';
import { buildAlert, buildProblem } from './problemTestData.ts';
// The alert view loads its body lazily; loaded here first, the tests wait for the answers, not the module.
import './AlertViewBody.tsx';

const supplyAir: Metric = {
  metricId: 7,
  alias: 'temperature.supplyAir',
  name: 'Supply air',
  displayType: 'line',
  valueType: 'number',
  metricEnumId: null,
  enumMap: null,
  parentAlias: 'temperature',
  path: 'temperature.supplyAir',
  units: '°C',
  metadata: {},
  actionsPermitted: [],
};

/** The rule of alert 21 (monitor 3): the unit's threshold group, averaged over two minutes. */
const rule = buildRule({ problemRuleDefinitionId: 3 });

function renderDrawer({
  problem = buildProblem(),
  permissions = ['detectedProblems:read'],
  routes = [],
}: { problem?: ListedProblem; permissions?: string[]; routes?: FakeRoute[] } = {}) {
  const api = fakeApi([
    ...routes,
    {
      method: 'POST',
      path: /^\/detectedProblems\.listAlertView$/,
      reply: { body: { alerts: [buildAlert()], detectedProblems: [], uncategorizedAlertIds: [] } },
    },
    { method: 'GET', path: /^\/metrics$/, reply: { body: [supplyAir] } },
  ]);
  const queryClient = createQueryClient();
  const scoped = { attributes: { companyId: { type: 'VALUES' as const, values: [2] } } };
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], { permissions: Object.fromEntries(permissions.map((name) => [name, [scoped]])) }),
  );
  renderWithRouter(
    [{ path: '/', element: <ProblemAlertView problem={problem} onClose={() => undefined} /> }],
    {
      queryClient,
    },
  );
  return api;
}

const rulesRoute: FakeRoute = {
  method: 'POST',
  path: /^\/problemRuleDefinitions\.list$/,
  reply: { body: [rule] },
};
const thresholdsRoute: FakeRoute = {
  method: 'GET',
  path: /^\/assets\/4\/thresholds$/,
  reply: {
    body: {
      thresholdGroupId: 5,
      name: 'CRAH limits',
      limits: [
        {
          metricAlias: 'temperature.supplyAir',
          criticalLow: null,
          warningLow: null,
          warningHigh: 25,
          criticalHigh: 27,
        },
      ],
    },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('problem drawer', () => {
  it('states the condition in words: metric name, window, the unit limit crossed with its unit', async () => {
    renderDrawer({ routes: [rulesRoute, thresholdsRoute] });
    const alert = await screen.findByRole('article', { name: 'Alert Supply air too warm' });
    const condition = within(alert).getByText('Condition').parentElement;
    await waitFor(() =>
      expect(condition).toHaveTextContent(
        "Average of supply air over 2m above the unit's critical high, 27 °C",
      ),
    );
    expect(condition?.textContent).not.toMatch(/[{}"]|PT\d/);
    // The metric by its name, not its alias.
    expect(within(alert).getByText('Metric').parentElement).toHaveTextContent('MetricSupply air');
  });

  it("says the alert's stored condition in words when its rule cannot be read, never as JSON", async () => {
    const query = JSON.stringify(rule.condition);
    renderDrawer({
      routes: [
        {
          method: 'POST',
          path: /^\/detectedProblems\.listAlertView$/,
          reply: {
            body: {
              alerts: [buildAlert({ monitorMetadata: { ...buildAlert().monitorMetadata, query } })],
              detectedProblems: [],
              uncategorizedAlertIds: [],
            },
          },
        },
      ],
    });
    const alert = await screen.findByRole('article', { name: 'Alert Supply air too warm' });
    const condition = within(alert).getByText('Condition').parentElement;
    expect(condition).toHaveTextContent(
      "Average of temperature.supplyAir over 5m outside the unit's threshold limits",
    );
    expect(condition?.textContent).not.toMatch(/[{}"]/);
  });

  it('acknowledges the problem from the drawer through the toolbar dialog', async () => {
    const user = userEvent.setup();
    const acknowledge = vi.fn((_request: FakeRequest) => ({ body: [] }));
    renderDrawer({
      permissions: ['detectedProblems:read', 'detectedProblems:write'],
      routes: [{ method: 'POST', path: /^\/detectedProblems\.acknowledge$/, reply: acknowledge }],
    });
    const actions = await screen.findByRole('group', { name: 'Problem actions' });
    await user.click(within(actions).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge 1 problem' });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(acknowledge).toHaveBeenCalledTimes(1));
    expect(acknowledge.mock.calls[0]?.[0].body).toEqual({ detectedProblemIds: [11] });
  });

  it('mutes from the drawer and keeps the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    renderDrawer({
      permissions: ['detectedProblems:read', 'detectedProblems:write'],
      routes: [
        {
          method: 'POST',
          path: /^\/detectedProblems\.mute$/,
          reply: { status: 404, body: { code: 'NOT_FOUND', message: 'Detected problem 11 not found.' } },
        },
      ],
    });
    const actions = await screen.findByRole('group', { name: 'Problem actions' });
    await user.click(within(actions).getByRole('button', { name: 'Mute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute 1 problem' });
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Detected problem 11 not found.');
  });

  it('offers the opposite action for an acknowledged, muted problem, and tickets with tickets:write', async () => {
    const at = new Date().toISOString();
    renderDrawer({
      permissions: ['detectedProblems:read', 'detectedProblems:write', 'tickets:read', 'tickets:write'],
      problem: buildProblem({
        acknowledgement: { acknowledgedBy: 7, acknowledgedAt: at, automationId: null },
        mute: { mutedBy: 7, firstMutedAt: at, lastMutedAt: at, currentlyMuted: true, automationId: null },
      }),
    });
    const actions = await screen.findByRole('group', { name: 'Problem actions' });
    expect(within(actions).getByRole('button', { name: 'Unacknowledge' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Move to new ticket' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Move to existing ticket' })).toBeInTheDocument();
  });

  it('lets a reader look but not act, as the toolbar does', async () => {
    renderDrawer();
    const actions = await screen.findByRole('group', { name: 'Problem actions' });
    expect(within(actions).getByText('You may look at this problem but not change it.')).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: /Acknowledge|Mute|ticket/ })).toBeNull();
  });
});
