import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { fakeApi, type FakeRequest } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { useDiagnoseStore } from '../../diagnose/diagnoseStore.ts';
import { buildAlert, buildProblem, pageOf } from '../../problems/problemTestData.ts';
import { buildTicketListItem } from '../list/ticketListTestData.ts';
import { AssetEventTickets } from './AssetEventTickets.tsx';
import { TicketProblemsTab } from './TicketProblemsTab.tsx';

const HOUR = 3_600_000;
const summary = {
  ticketId: 9,
  total: 2,
  open: 1,
  closed: 1,
  recentlyClosed: 0,
  critical: 1,
  warning: 0,
  info: 0,
  unacknowledged: 1,
  muted: 0,
  escalated: 0,
  worstLevel: 'CRITICAL',
  lastEventAt: null,
};

function renderTab(problems = [buildProblem({ ticketId: 9 })], alerts = [buildAlert({ ticketId: 9 })]) {
  const api = fakeApi([
    { method: 'POST', path: /^\/detectedProblems\.list$/, reply: pageOf(problems) },
    {
      method: 'POST',
      path: /^\/detectedProblems\.listAlertView$/,
      reply: { body: { alerts, detectedProblems: problems, uncategorizedAlertIds: [] } },
    },
    { method: 'POST', path: /^\/tickets\.detectedProblemsSummary$/, reply: { body: [summary] } },
    {
      method: 'POST',
      path: /^\/assets\.listMaintenanceWindows$/,
      reply: { body: { content: [], pageable: { totalSize: 0, pageSize: 50, pageNumber: 0 } } },
    },
    { method: 'GET', path: /^\/metrics$/, reply: { body: [] } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser(['tickets:read', 'detectedProblems:read', 'kyotoEventDetails:read']),
  );
  const rendered = renderWithRouter(
    [
      { path: '/user/tickets/:ticketId/problems', element: <TicketProblemsTab /> },
      { path: '/user/devices/:assetId/metrics', element: <p>Metrics page</p> },
    ],
    { initialPath: '/user/tickets/9/problems', queryClient },
  );
  return { ...api, ...rendered };
}

afterEach(() => vi.unstubAllGlobals());

describe("a ticket's problems", { timeout: 30_000 }, () => {
  it('shows each problem with its alerts, running to now while an alert is unresolved', async () => {
    const { requests } = renderTab();
    const card = await screen.findByRole('region', { name: 'Supply air too warm on CRAH 01' });
    expect(within(card).getByText(/to now \(an alert is unresolved\)/)).toBeInTheDocument();
    expect(screen.getByText('1 open')).toBeInTheDocument();
    expect(screen.getByText('1 closed')).toBeInTheDocument();
    const list = requests.find((request: FakeRequest) => request.path === '/detectedProblems.list');
    expect(list?.body).toMatchObject({ ticketIds: [9] });
    expect(requests.find((request) => request.path === '/tickets.detectedProblemsSummary')?.body).toEqual({
      ticketIds: [9],
      activeInterval: 'PT10M',
    });
    expect(requests.find((request) => request.path === '/detectedProblems.listAlertView')?.body).toEqual({
      assetIds: [4],
      ticketIds: [9],
    });
  });

  it('opens the metrics view of the asset from an hour before the first event', async () => {
    const user = userEvent.setup();
    const problem = buildProblem({ ticketId: 9 });
    renderTab([problem]);
    const card = await screen.findByRole('region', { name: 'Supply air too warm on CRAH 01' });
    // The problem's name and its alert's monitor: the alerts have come.
    await waitFor(() => expect(within(card).getAllByText('Supply air too warm')).toHaveLength(2));
    await user.click(within(card).getByRole('button', { name: 'Open in metrics' }));
    expect(await screen.findByText('Metrics page')).toBeInTheDocument();
    const view = useDiagnoseStore.getState().view;
    expect(view.fromDate).toBe(new Date(Date.parse(problem.firstEventAt) - HOUR).toISOString());
    expect(view.selectedAssets).toEqual([4]);
  });

  it('says how problems come to a ticket when it has none', async () => {
    renderTab([], []);
    expect(await screen.findByText('No detected problem is on this ticket.')).toBeInTheDocument();
  });
});

describe("an asset's event tickets", { timeout: 30_000 }, () => {
  it('lists open incident tickets from Kyoto link events, each linking to its details', async () => {
    const { requests } = fakeApi([
      {
        method: 'POST',
        path: /^\/tickets\.list$/,
        reply: {
          body: {
            content: [buildTicketListItem({ ticketId: 31, title: 'Supply air too warm on CRAH 01' })],
            pageable: { totalSize: 1, pageSize: 10, pageNumber: 0 },
          },
        },
      },
    ]);
    const queryClient = createQueryClient();
    const scoped = [{ attributes: { companyId: { type: 'VALUES' as const, values: [2] } } }];
    queryClient.setQueryData(
      currentUserQueryKey,
      buildCurrentUser([], { permissions: { 'tickets:read': scoped } }),
    );
    renderWithRouter([{ path: '/', element: <AssetEventTickets asset={{ assetId: 4, companyId: 2 }} /> }], {
      queryClient,
    });
    const link = await screen.findByRole('link', { name: '#31 Supply air too warm on CRAH 01' });
    expect(link).toHaveAttribute('href', '/user/tickets/31/details');
    expect(requests[0]?.body).toMatchObject({
      filter: { assetIds: [4], typeValues: [0], sourceValues: [0], statusIds: [0, 2, 3, 4, 5] },
    });
  });
});
