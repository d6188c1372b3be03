import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProblemSummary } from '@kelvin/contract';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { ProblemSummaryHeader } from './ProblemSummaryHeader.tsx';
import { SUMMARY_REFRESH_MS } from './problemsQueries.ts';

const summary: ProblemSummary = {
  open: 5,
  critical: 2,
  warning: 2,
  info: 1,
  unacknowledged: 3,
  muted: 1,
  escalated: 1,
  worstLevel: 'CRITICAL',
  lastEventAt: new Date().toISOString(),
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('problem summary header', () => {
  it('counts the open problems by level and what is left to do', async () => {
    fakeApi([{ method: 'POST', path: /^\/detectedProblems\.summary$/, reply: { body: summary } }]);
    renderWithRouter([{ path: '/', element: <ProblemSummaryHeader /> }]);
    const group = screen.getByRole('group', { name: 'Problem summary' });
    expect(await within(group).findByLabelText('Open: 5')).toBeInTheDocument();
    expect(within(group).getByLabelText('Critical: 2')).toBeInTheDocument();
    expect(within(group).getByLabelText('Unacknowledged: 3')).toBeInTheDocument();
    expect(within(group).getByLabelText('Escalated: 1')).toBeInTheDocument();
  });

  it('asks for one asset’s summary on a device', async () => {
    const { requests } = fakeApi([
      {
        method: 'POST',
        path: /^\/assets\.detectedProblemSummary$/,
        reply: { body: [{ assetId: 4, ...summary }] },
      },
    ]);
    renderWithRouter([{ path: '/', element: <ProblemSummaryHeader assetId={4} /> }]);
    expect(await screen.findByLabelText('Muted: 1')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ assetIds: [4], activeInterval: 'PT10M' });
  });

  it('sets errorLoading on a failed refresh and stops refreshing until Try again (spec)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = false;
    const reply = vi.fn((_request: FakeRequest) =>
      fail
        ? { status: 503, body: { code: 'UNAVAILABLE', message: 'The database is not reachable.' } }
        : { body: summary },
    );
    fakeApi([{ method: 'POST', path: /^\/detectedProblems\.summary$/, reply }]);
    renderWithRouter([{ path: '/', element: <ProblemSummaryHeader /> }]);
    expect(await screen.findByLabelText('Open: 5')).toBeInTheDocument();
    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(SUMMARY_REFRESH_MS + 100));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The problem summary stopped refreshing');
    expect(alert).toHaveTextContent('The database is not reachable. The counts shown may be out of date.');
    // The last counts stay; nothing more is asked.
    expect(screen.getByLabelText('Open: 5')).toBeInTheDocument();
    const calls = reply.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(3 * SUMMARY_REFRESH_MS));
    expect(reply.mock.calls.length).toBe(calls);
    fail = false;
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(reply.mock.calls.length).toBe(calls + 1);
  });
});
