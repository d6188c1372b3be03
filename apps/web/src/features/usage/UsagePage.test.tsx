import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ClientErrorGroup, Usage } from '@kelvin/contract';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { UsagePage } from './UsagePage.tsx';

const usage: Usage = {
  from: '2026-05-01',
  to: '2026-05-02',
  activeUsers: 7,
  pageViews: 42,
  events: 3,
  days: [
    { day: '2026-05-01', activeUsers: 3, pageViews: 12 },
    { day: '2026-05-02', activeUsers: 6, pageViews: 30 },
  ],
  screens: [
    { path: '/user/tickets', views: 30, users: 6 },
    { path: '/user/tickets/:ticketId/details', views: 12, users: 2 },
  ],
  eventsByDay: [{ day: '2026-05-02', name: 'ticket created', count: 3 }],
  eventNames: [{ name: 'ticket created', count: 3 }],
};

const group: ClientErrorGroup = {
  fingerprint: 'abc',
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'name')",
  stack: 'TypeError: boom\n    at TicketRow (/assets/TicketsPage.js:1:2)',
  path: '/user/tickets',
  release: '6.45.2',
  count: 14,
  firstSeenAt: '2026-05-01T08:00:00Z',
  lastSeenAt: '2026-05-02T09:30:00Z',
};

function renderPage(errors: ClientErrorGroup[] = [group], path = '/') {
  const api = fakeApi([
    { method: 'GET', path: /^\/companies/, reply: { body: [{ companyId: 3, name: 'Alpha Hosting' }] } },
    { method: 'POST', path: /^\/analytics\.usage$/, reply: { body: usage } },
    { method: 'POST', path: /^\/clientErrors\.list$/, reply: { body: { content: errors } } },
  ]);
  renderWithRouter([{ path: '/', element: <UsagePage /> }], { initialPath: path });
  return api;
}

const askedSchema = z.object({
  from: z.string(),
  to: z.string(),
  companyIds: z.array(z.number()).optional(),
});
/** The usage call's body and how many days it spans (from and to inclusive). */
function usageAsked(requests: readonly { path: string; body: unknown }[]) {
  const body = askedSchema.parse(requests.find((request) => request.path === '/analytics.usage')?.body);
  return { ...body, days: (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 + 1 };
}

afterEach(() => vi.unstubAllGlobals());

describe('UsagePage', { timeout: 30_000 }, () => {
  it('shows the totals, the most viewed screens and the events of the last 30 days', async () => {
    const api = renderPage();
    expect(await screen.findByText('/user/tickets/:ticketId/details')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Usage', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('Active users')[0]?.nextSibling).toHaveTextContent('7');
    expect(screen.getAllByText('Page views')[0]?.nextSibling).toHaveTextContent('42');
    expect(screen.getByRole('row', { name: 'ticket created 3' })).toBeInTheDocument();
    const asked = usageAsked(api.requests);
    expect(asked.companyIds).toBeUndefined();
    expect(asked.days).toBe(30);
  });

  it('asks for the chosen companies and range', async () => {
    const api = renderPage([], '/?range=7&companies=3');
    await screen.findByText('/user/tickets');
    const asked = usageAsked(api.requests);
    expect(asked.companyIds).toEqual([3]);
    expect(asked.days).toBe(7);
  });

  it('lists client error groups with their count, screen, release and a sample stack', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Client errors' }));
    const control = await screen.findByText(`TypeError: ${group.message}`);
    expect(screen.getByLabelText('14 reports')).toBeInTheDocument();
    await userEvent.click(control);
    expect(await screen.findByText(/at TicketRow/)).toBeInTheDocument();
    expect(screen.getByText('Screen: /user/tickets · Release: 6.45.2')).toBeInTheDocument();
  });

  it('says so when no errors were reported', async () => {
    renderPage([], '/?tab=errors');
    expect(await screen.findByText('No errors reported by browsers in this range.')).toBeInTheDocument();
  });

  it('says what went wrong when the usage cannot be read', async () => {
    fakeApi([
      { method: 'GET', path: /^\/companies/, reply: { body: [] } },
      {
        method: 'POST',
        path: /^\/analytics\.usage$/,
        reply: {
          status: 403,
          body: { code: 'FORBIDDEN', message: 'You need the analytics:read permission to do this.' },
        },
      },
      { method: 'POST', path: /^\/clientErrors\.list$/, reply: { body: { content: [] } } },
    ]);
    renderWithRouter([{ path: '/', element: <UsagePage /> }]);
    expect(await screen.findByText('Unable to load usage')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/analytics:read/)).toBeInTheDocument());
  });
});
