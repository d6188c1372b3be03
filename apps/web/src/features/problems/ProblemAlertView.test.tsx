import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { browserTimeZone, formatSpecDateTime } from '../../shared/formatting/dateTime.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { useDiagnoseStore } from '../diagnose/diagnoseStore.ts';
import { ProblemAlertView, type ListedProblem } from './ProblemAlertView.tsx';
import { buildAlert, buildProblem } from './problemTestData.ts';
// The drawer loads its body lazily; loaded here first, the tests wait for the answers, not the module.
import './AlertViewBody.tsx';

const lost = buildAlert({
  kyotoEventDetailId: 22,
  type: 'ASSET_COMMUNICATION_LOST',
  monitorName: 'Unit silent',
  monitorMetricAlias: null,
  metricIds: [],
  createdAt: '2026-01-05T15:04:03.000Z',
  firstEventAt: '2026-01-05T15:04:03.000Z',
  lastEventAt: '2026-01-05T16:00:00.000Z',
  resolvedAt: '2026-01-05T16:10:00.000Z',
  status: 'RESOLVED',
});

function renderView(
  problem: ListedProblem,
  permissions: string[] = ['detectedProblems:read'],
  extra: FakeRoute[] = [],
) {
  fakeApi([
    ...extra,
    {
      method: 'POST',
      path: /^\/detectedProblems\.listAlertView$/,
      reply: { body: { alerts: [buildAlert(), lost], detectedProblems: [], uncategorizedAlertIds: [] } },
    },
    {
      method: 'GET',
      path: /^\/metrics$/,
      reply: { body: [] },
    },
  ]);
  const queryClient = createQueryClient();
  const scoped = { attributes: { companyId: { type: 'VALUES' as const, values: [2] } } };
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], { permissions: Object.fromEntries(permissions.map((name) => [name, [scoped]])) }),
  );
  return renderWithRouter(
    [
      { path: '/', element: <ProblemAlertView problem={problem} onClose={() => undefined} /> },
      { path: '/user/devices/:assetId/metrics', element: <p>Metrics page</p> },
    ],
    { queryClient },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('alert view', () => {
  it('shows the problem and its alerts in detail, the communication-lost one in the spec’s date format', async () => {
    renderView(buildProblem({ alertIds: [21, 22] }));
    const drawer = await screen.findByRole('dialog', { name: 'Alert view' });
    expect(await within(drawer).findByRole('heading', { name: 'Supply air too warm' })).toBeInTheDocument();
    const metric = await within(drawer).findByRole('article', { name: 'Alert Supply air too warm' });
    expect(within(metric).getByText('temperature.supplyAir')).toBeInTheDocument();
    expect(within(metric).getByText(/value 27\.46/)).toBeInTheDocument();
    const silent = within(drawer).getByRole('article', { name: 'Alert Unit silent' });
    const created = formatSpecDateTime(lost.createdAt, browserTimeZone());
    if (created === 'Date Not Available') throw new Error('bad date');
    expect(created.date).toMatch(/^\d\d\/\d\d\/2026$/);
    expect(created.time).toMatch(/^\d\d:\d\d:03 (AM|PM)$/);
    expect(within(silent).getAllByText(created.date).length).toBeGreaterThan(0);
    expect(within(silent).getAllByText(created.time).length).toBeGreaterThan(0);
    expect(within(silent).getAllByText('Resolved')).toHaveLength(2);
    // No tickets:read: no ticket line at all.
    expect(within(drawer).queryByText('No Ticket Information')).toBeNull();
  });

  it("says 'No Ticket Information' to a user with tickets:read", async () => {
    renderView(buildProblem(), ['detectedProblems:read', 'tickets:read']);
    expect(await screen.findByText('No Ticket Information')).toBeInTheDocument();
  });

  it('opens the metrics view of its asset with its alerts’ metrics from an hour before the first event', async () => {
    const user = userEvent.setup();
    const problem = buildProblem();
    const { router } = renderView(problem);
    await screen.findByRole('article', { name: 'Alert Supply air too warm' });
    await user.click(screen.getByRole('button', { name: 'Open in metrics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/4/metrics'));
    const { view, selectedViewId } = useDiagnoseStore.getState();
    expect(selectedViewId).toBeNull();
    expect(view.selectedAssets).toEqual([4]);
    expect(view.fromDate).toBe(new Date(Date.parse(problem.firstEventAt) - 3_600_000).toISOString());
    expect(view.groups.flatMap((group) => group.aliases)).toEqual(['temperature.supplyAir']);
  });

  it('closes a reported (ad hoc) problem by disabling its rule, after confirming', async () => {
    const user = userEvent.setup();
    const disable = vi.fn((_request: FakeRequest) => ({ body: { ok: true } }));
    renderView(
      buildProblem({ kind: 'AD_HOC', problemRuleDefinitionId: 9, alertIds: [] }),
      ['detectedProblems:read', 'detectedProblems:write'],
      [{ method: 'POST', path: /^\/problemRuleDefinitions\.disableAdHoc$/, reply: disable }],
    );
    expect(await screen.findByText(/A person reported this problem/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close this reported problem' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close reported problem' });
    await user.click(within(confirm).getByRole('button', { name: 'Close problem' }));
    await waitFor(() => expect(disable).toHaveBeenCalledTimes(1));
    expect(disable.mock.calls[0]?.[0].body).toEqual({ problemRuleDefinitionIds: [9] });
  });

  it('offers no closing to a reader', async () => {
    renderView(buildProblem({ kind: 'AD_HOC', problemRuleDefinitionId: 9, alertIds: [] }));
    expect(await screen.findByText(/A person reported this problem/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close this reported problem' })).toBeNull();
  });
});
