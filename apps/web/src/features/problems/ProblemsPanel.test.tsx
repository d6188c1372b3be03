import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contract } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { LEVEL_PAINTS } from './problemPaint.tsx';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { buildProblem, pageOf } from './problemTestData.ts';
import type { ListedProblem } from './ProblemAlertView.tsx';
// The alert view loads its body lazily; loaded here first, the tests wait for the answers, not the module.
import './AlertViewBody.tsx';

const HOUR = 3_600_000;
const detectedProblemsEnableBody = contract.detectedProblemsEnableAutomation.body;
const warning = buildProblem({
  detectedProblemId: 12,
  name: 'Filter pressure high',
  level: 'WARNING',
  assetId: 5,
  assetName: 'CRAH 02',
  problemRuleDefinitionId: 4,
  acknowledgement: { acknowledgedBy: 7, acknowledgedAt: new Date().toISOString(), automationId: null },
  inMaintenance: true,
});

function renderPanel(
  options: { problems?: ListedProblem[]; write?: boolean; extra?: FakeRoute[]; assetId?: number } = {},
) {
  const list = vi.fn((_request: FakeRequest) => pageOf(options.problems ?? [buildProblem(), warning]));
  const api = fakeApi([
    ...(options.extra ?? []),
    { method: 'POST', path: /^\/detectedProblems\.list$/, reply: list },
    { method: 'POST', path: /^\/problemRuleDefinitions\.list$/, reply: { body: [] } },
  ]);
  const queryClient = createQueryClient();
  const scoped = { attributes: { companyId: { type: 'VALUES' as const, values: [2] } } };
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], {
      permissions: {
        'detectedProblems:read': [scoped],
        ...(options.write === false ? {} : { 'detectedProblems:write': [scoped] }),
      },
    }),
  );
  renderWithRouter([{ path: '/', element: <ProblemsPanel assetId={options.assetId} /> }], { queryClient });
  return { ...api, list };
}

afterEach(() => vi.unstubAllGlobals());

describe('problems panel', () => {
  it('lists problems with level, asset, status and last event, open ones of the last 7 days first', async () => {
    const { list } = renderPanel();
    const table = await screen.findByRole('table', { name: 'Detected problems' });
    await within(table).findByText('Supply air too warm');
    const [, critical, warn] = within(table).getAllByRole('row');
    if (!critical || !warn) throw new Error('two rows expected');
    expect(within(critical).getByText('Critical').closest('.mantine-Badge-root')).toHaveStyle({
      background: LEVEL_PAINTS.CRITICAL.background,
    });
    expect(within(critical).getByRole('link', { name: 'CRAH 01' })).toHaveAttribute(
      'href',
      '/user/devices/4/problems',
    );
    expect(within(critical).getByText('Open')).toBeInTheDocument();
    expect(within(warn).getByText('Acknowledged')).toBeInTheDocument();
    expect(within(warn).getByText('In maintenance')).toBeInTheDocument();
    expect(screen.getByText('2 problems')).toBeInTheDocument();
    const body = list.mock.calls[0]?.[0].body;
    expect(body).toMatchObject({
      states: ['OPEN'],
      pageableQuery: {
        type: 'PAGED',
        pageSize: 25,
        pageNumber: 0,
        sort: [{ property: 'lastEventAt', direction: 'DESC' }],
      },
    });
    expect(body).toHaveProperty('timeWindow');
  });

  it('filters by level, state and text, and sorts by a header, on the server', async () => {
    const user = userEvent.setup();
    const { list } = renderPanel({ assetId: 4 });
    await screen.findByText('Supply air too warm');
    expect(screen.queryByRole('link', { name: 'CRAH 01' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Warning' }));
    await user.click(screen.getByRole('checkbox', { name: 'Closed' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'filter');
    await waitFor(() =>
      expect(list.mock.lastCall?.[0].body).toMatchObject({
        assetIds: [4],
        levels: ['WARNING'],
        states: ['OPEN', 'CLOSED'],
        fuzzyFilter: 'filter',
      }),
    );
    expect(screen.getByRole('columnheader', { name: /Last event/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Sort by level' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Level/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    await waitFor(() =>
      expect(list.mock.lastCall?.[0].body).toMatchObject({
        pageableQuery: { sort: [{ property: 'level', direction: 'DESC' }] },
      }),
    );
  });

  it('acknowledges the selected problems through the dialog', async () => {
    const user = userEvent.setup();
    const acknowledge = vi.fn((_request: FakeRequest) => ({ body: [] }));
    renderPanel({
      extra: [{ method: 'POST', path: /^\/detectedProblems\.acknowledge$/, reply: acknowledge }],
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every problem on this page' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected problems' });
    expect(within(toolbar).getByText('2 problems selected')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge 2 problems' });
    expect(within(dialog).getByText('Filter pressure high')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(acknowledge).toHaveBeenCalledTimes(1));
    expect(acknowledge.mock.calls[0]?.[0].body).toEqual({ detectedProblemIds: [11, 12] });
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
  });

  it('keeps the dialog open with the server’s reason when a mute is refused', async () => {
    const user = userEvent.setup();
    renderPanel({
      extra: [
        {
          method: 'POST',
          path: /^\/detectedProblems\.mute$/,
          reply: { status: 404, body: { code: 'NOT_FOUND', message: 'Detected problem 11 not found.' } },
        },
      ],
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Supply air too warm on CRAH 01' }));
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute 1 problem' });
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Detected problem 11 not found.');
  });

  it('auto-mutes the kinds of the selected problems for the chosen time', async () => {
    const user = userEvent.setup();
    const enable = vi.fn((_request: FakeRequest) => ({ body: [] }));
    renderPanel({
      extra: [{ method: 'POST', path: /^\/detectedProblems\.enableAutomation$/, reply: enable }],
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every problem on this page' }));
    await user.click(screen.getByRole('button', { name: 'Automate…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Automate these problems' });
    await user.click(within(dialog).getByRole('button', { name: 'Set automation' }));
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Coil cleaning');
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Set automation' }));
    await waitFor(() => expect(enable).toHaveBeenCalledTimes(1));
    const [item] = detectedProblemsEnableBody.parse(enable.mock.calls[0]?.[0].body);
    expect(enable.mock.calls[0]?.[0].body).toEqual([
      {
        problemGroupKeys: [
          { problemRuleDefinitionId: 3, assetId: 4, groupingKey: null },
          { problemRuleDefinitionId: 4, assetId: 5, groupingKey: null },
        ],
        type: 'AUTO_MUTE',
        description: 'Coil cleaning',
        expiredBy: item?.expiredBy,
      },
    ]);
    expect(Date.parse(item?.expiredBy ?? '') - before).toBeGreaterThanOrEqual(HOUR - 1000);
    expect(Date.parse(item?.expiredBy ?? '') - before).toBeLessThan(HOUR + 60_000);
  });

  it('lets a reader select but not change problems', async () => {
    const user = userEvent.setup();
    renderPanel({ write: false });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every problem on this page' }));
    expect(screen.getByText('You may look at these problems but not change them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('says what to do when nothing is open', async () => {
    renderPanel({ problems: [] });
    expect(await screen.findByText(/No open problem in this time range/)).toBeInTheDocument();
  });

  it('says what went wrong when the list fails', async () => {
    renderPanel({
      extra: [
        {
          method: 'POST',
          path: /^\/detectedProblems\.list$/,
          reply: {
            status: 400,
            body: { code: 'BAD_REQUEST', message: 'Problems sort by level; not by secret.' },
          },
        },
      ],
    });
    expect(await screen.findByText('Unable to load the problems')).toBeInTheDocument();
    expect(screen.getByText('Problems sort by level; not by secret.')).toBeInTheDocument();
  });
});
