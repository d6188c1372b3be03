import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@kelvin/contract';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { SchedulingPage } from './SchedulingPage.tsx';

const entry: Schedule = {
  scheduleId: 31,
  companyId: 2,
  companyName: 'Acme Cooling',
  type: 'siteVisit',
  title: 'Coil cleaning',
  notes: null,
  startsAt: '2026-11-25T09:00:00.000Z',
  endsAt: '2026-11-25T11:00:00.000Z',
  timeZoneId: 'UTC',
  confirmed: false,
  resources: [{ userId: 4, name: 'Tom Tech' }],
  ticketId: null,
  ticketTitle: null,
  assets: [],
  createdBy: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

function renderPage(path: string, permissions: string[]) {
  const api = fakeApi([
    {
      method: 'GET',
      path: /^\/companies/,
      reply: {
        body: [
          {
            companyId: 2,
            name: 'Acme Cooling',
            netSuiteCustomerInternalId: null,
            subscription: 'OBSERVABILITY',
            logoUrl: null,
            logoContentType: null,
            logoFilePath: null,
            isDeleted: false,
          },
        ],
      },
    },
    { method: 'GET', path: /^\/schedules\/resources$/, reply: { body: { content: [entry.resources[0]] } } },
    { method: 'POST', path: /^\/schedules\.list$/, reply: { body: { content: [entry], truncated: false } } },
  ]);
  const queryClient = createQueryClient();
  const everyCompany = [{ attributes: { companyId: { type: 'ALL' as const } } }];
  queryClient.setQueryData(currentUserQueryKey, {
    ...buildCurrentUser(),
    permissions: Object.fromEntries(permissions.map((name) => [name, everyCompany])),
  });
  return {
    ...renderWithRouter([{ path: '/user/scheduling', element: <SchedulingPage /> }], {
      initialPath: path,
      queryClient,
    }),
    ...api,
  };
}

describe('scheduling screen', () => {
  it('asks for the week of the address in its zone, with the filters of the address', async () => {
    const { requests } = renderPage(
      '/user/scheduling?date=2026-11-25&tz=UTC&style=EU&company=2&confirmed=UNCONFIRMED&type=siteVisit&tickets=WITHOUT_TICKETS',
      ['schedules:read', 'schedules:write'],
    );
    await waitFor(() => expect(requests.some((request) => request.path === '/schedules.list')).toBe(true));
    const list = requests.find((request) => request.path === '/schedules.list');
    // Europe: the week of Wednesday 25 November starts on Monday the 23rd.
    expect(list?.body).toEqual({
      from: '2026-11-23T00:00:00.000Z',
      to: '2026-11-30T00:00:00.000Z',
      companyIds: [2],
      types: ['siteVisit'],
      confirmed: 'UNCONFIRMED',
      ticketAssociation: 'WITHOUT_TICKETS',
    });
    expect(await screen.findByRole('button', { name: 'New entry' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ticket association' })).toHaveValue('Has No Tickets');
  });

  it('opens the entry named in the address, read-only without schedules:write', async () => {
    renderPage('/user/scheduling?date=2026-11-25&tz=UTC&scheduleId=31', ['schedules:read']);
    const dialog = await screen.findByRole('dialog', { name: 'Coil cleaning' });
    expect(dialog).toHaveTextContent('Read only: you may see this schedule but not change it.');
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New entry' })).not.toBeInTheDocument();
  });
});
