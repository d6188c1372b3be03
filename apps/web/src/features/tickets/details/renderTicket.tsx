import type { RouteObject } from 'react-router';
import type { CurrentUser, Ticket } from '@kelvin/contract';
import { CORE_ENUM_NAMES, CORE_ENUMS, coreEnumEntries } from '@kelvin/domain';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { TicketDetailsPage } from './TicketDetailsPage.tsx';
import { TicketLayout } from './TicketLayout.tsx';
import { buildTicket, buildTicketUser } from './ticketTestData.ts';

const routes: RouteObject[] = [
  {
    path: '/user/tickets/:ticketId',
    element: <TicketLayout />,
    children: [
      { path: 'details', element: <TicketDetailsPage /> },
      { path: 'problems', element: <p>Problems tab</p> },
    ],
  },
  { path: '/user/tickets', element: <p>Tickets list</p> },
  { path: '/user/devices/:assetId', element: <p>Device page</p> },
];

export interface RenderTicketOptions {
  ticket?: Ticket;
  me?: CurrentUser;
  history?: unknown[];
  toursSeen?: string[];
  /** tickets.get answers this status (and a message) instead of the ticket. */
  getStatus?: number;
  /** Routes tried before the ticket routes, e.g. the assignable users. */
  extra?: FakeRoute[];
}

/** GET coreEnums as the server answers it: every enum with its labels. */
const coreEnums = CORE_ENUM_NAMES.map((enumName) => ({
  coreEnumId: CORE_ENUMS[enumName].id,
  enumName,
  values: coreEnumEntries(enumName),
}));

const bodyOf = (request: FakeRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null ? { ...request.body } : {};

/**
 * The ticket frame and details page over a faked API that keeps the ticket: each write answers the ticket as
 * it becomes, so that the screen shows what the server would.
 */
export function renderTicket(options: RenderTicketOptions = {}) {
  let ticket = options.ticket ?? buildTicket();
  const answer = (change: (body: Record<string, unknown>) => Partial<Ticket>) => (request: FakeRequest) => {
    ticket = { ...ticket, ...change(bodyOf(request)) };
    return { body: ticket };
  };
  const api = fakeApi([
    ...(options.extra ?? []),
    {
      method: 'POST',
      path: /^\/tickets\.get$/,
      reply: () =>
        options.getStatus === undefined
          ? { body: ticket }
          : { status: options.getStatus, body: { message: 'Ticket not found.' } },
    },
    { method: 'POST', path: /^\/tickets\.history$/, reply: { body: options.history ?? [] } },
    {
      method: 'POST',
      path: /^\/tickets\.update$/,
      reply: answer((body) => {
        const { ticketId: _ticketId, ...changes } = body;
        return { ...changes, updatedAt: '2026-11-22T10:00:00.000Z' };
      }),
    },
    {
      method: 'POST',
      path: /^\/tickets\.changeStatus$/,
      reply: answer((body) => ({
        statusEnumValue: Number(body.statusEnumValue),
        statusEnumKey: body.statusEnumValue === 11 ? 'closed' : 'inProgress',
        ticketState: body.statusEnumValue === 11 ? 'CLOSED' : 'OPEN',
        closedAt: body.statusEnumValue === 11 ? '2026-11-22T10:00:00.000Z' : null,
      })),
    },
    {
      method: 'POST',
      path: /^\/tickets\.setFrozen$/,
      reply: answer((body) => ({ isFrozen: body.isFrozen === true })),
    },
    {
      method: 'POST',
      path: /^\/tickets\.users\.remove$/,
      reply: answer((body) => ({ users: ticket.users.filter((user) => user.userId !== body.userId) })),
    },
    {
      method: 'POST',
      path: /^\/tickets\.assets\.remove$/,
      reply: answer((body) => ({
        assets: ticket.assets.filter(
          (asset) => !(Array.isArray(body.assetIds) && body.assetIds.includes(asset.assetId)),
        ),
      })),
    },
    {
      method: 'GET',
      path: /^\/users\/me\/tours$/,
      reply: { body: options.toursSeen ?? ['TicketDetailsTourSeen'] },
    },
    { method: 'GET', path: /^\/coreEnums(\?.*)?$/, reply: { body: coreEnums } },
    { method: 'POST', path: /^\/users\/me\/tours\.markSeen$/, reply: { body: ['TicketDetailsTourSeen'] } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, options.me ?? buildTicketUser());
  const initialPath = `/user/tickets/${ticket.ticketId}/details`;
  return { ...renderWithRouter(routes, { initialPath, queryClient }), ...api, current: () => ticket };
}

/** The bodies of the calls made to one endpoint, e.g. '/tickets.update'. */
export function bodiesOf(requests: readonly FakeRequest[], path: string): unknown[] {
  return requests.filter((request) => request.path === path).map((request) => request.body);
}
