import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Notification } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { fakeLiveTransport } from '../live/fakeLiveTransport.ts';
import { createLiveMetricSubscriber } from '../live/liveMetricSubscriber.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { buildNotification, notificationPage } from './notificationsTestData.ts';

/** What the fake server reads of a request's body. */
const requestShape = z.object({
  notificationIds: z.array(z.number()).optional(),
  unreadOnly: z.boolean().optional(),
  pageableQuery: z.object({ pageSize: z.number() }).optional(),
});

const older = buildNotification({
  notificationId: 1,
  level: 'WARNING',
  title: 'Filter pressure high',
  assetId: 6,
  assetName: 'CRAH-02',
  body: 'Opened on CRAH-02',
  readAt: '2025-06-01T09:00:00.000Z',
});
const newer = buildNotification({ notificationId: 2, createdAt: '2025-06-01T10:00:00.000Z' });

function renderBell(
  options: { list?: (request: FakeRequest) => { status?: number; body: unknown }; unread?: number } = {},
) {
  let unread = options.unread ?? 1;
  const list = vi.fn(options.list ?? (() => ({ body: notificationPage([newer, older], unread) })));
  const markRead = vi.fn((request: FakeRequest) => {
    const body = requestShape.parse(request.body);
    unread = body.notificationIds ? Math.max(0, unread - body.notificationIds.length) : 0;
    return { body: { unreadCount: unread } };
  });
  const api = fakeApi([
    {
      method: 'POST',
      path: /^\/notifications\.unreadCount$/,
      reply: () => ({ body: { unreadCount: unread } }),
    },
    { method: 'POST', path: /^\/notifications\.list$/, reply: list },
    { method: 'POST', path: /^\/notifications\.markRead$/, reply: markRead },
  ]);
  const fake = fakeLiveTransport();
  const subscriber = createLiveMetricSubscriber(fake.transport);
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser(['detectedProblems:read', 'notificationPreferences:manage']),
  );
  const view = renderWithRouter(
    [
      { path: '/user/dashboard', element: <NotificationBell subscriber={() => subscriber} /> },
      { path: '/user/devices/:assetId/problems', element: <h1>Device problems</h1> },
    ],
    { initialPath: '/user/dashboard', queryClient },
  );
  return { ...api, list, markRead, fake, router: view.router, setUnread: (n: number) => (unread = n) };
}

const bodies = (requests: FakeRequest[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

afterEach(() => vi.unstubAllGlobals());

describe('notification bell', () => {
  it('shows the unread count and follows the live signal over the shared connection', async () => {
    const { fake, setUnread } = renderBell({ unread: 2 });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // The popup state is the button's, not the badge's div around it (axe: aria-allowed-attr).
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelectorAll('[aria-expanded]:not(button)')).toHaveLength(0);
    expect(fake.opens).toBe(1);
    act(() => fake.notify(5));
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    act(() => fake.notify(0));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText('0')).toBeNull();
    // Signals sent while the connection was down are lost: coming back reads the count again.
    setUnread(7);
    act(() => fake.server().connected());
    expect(await screen.findByRole('button', { name: 'Notifications, 7 unread' })).toBeInTheDocument();
  });

  it('lists notifications newest first with level, asset and time; opening one marks it read and goes to its unit', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('button')[0]?.getAttribute('aria-label'))).toEqual([
      'Critical: Supply air too warm, CRAH-01, unread',
      'Warning: Filter pressure high, CRAH-02',
    ]);
    expect(within(items[0] ?? list).getByText(/Critical/)).toBeInTheDocument();
    expect(within(items[1] ?? list).getByText(/CRAH-02 ·/)).toBeInTheDocument();
    // Only the unread one offers Mark read.
    expect(within(items[1] ?? list).queryByRole('button', { name: /Mark read/ })).toBeNull();

    await user.click(
      within(items[0] ?? list).getByRole('button', {
        name: 'Critical: Supply air too warm, CRAH-01, unread',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/5/problems'));
    expect(bodies(requests, '/notifications.markRead')).toEqual([{ notificationIds: [2] }]);
  });

  it("reads at a glance: level, unit and age on each, unread marked without a fill, a unit's notices grouped", async () => {
    const user = userEvent.setup();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const crah03 = (notificationId: number, minutes: number, level: Notification['level'], title: string) =>
      buildNotification({
        notificationId,
        assetId: 3,
        assetName: 'CRAH-03',
        level,
        title,
        createdAt: minutesAgo(minutes),
      });
    const notices = [
      crah03(14, 3, 'WARNING', 'Filter pressure high'),
      buildNotification({ notificationId: 13, title: 'Supply air too warm', createdAt: minutesAgo(5) }),
      crah03(12, 6, 'CRITICAL', 'Compressor fault'),
      crah03(11, 8, 'INFO', 'Door open'),
      { ...crah03(10, 12, 'WARNING', 'Low air delta-T'), readAt: minutesAgo(1) },
    ];
    renderBell({ unread: 4, list: () => ({ body: notificationPage(notices, 4) }) });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 4 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const group = within(list).getByRole('button', { name: 'CRAH-03, 4 notices, 3 unread' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    // The entry is coloured by its worst notice and aged by its newest.
    expect(group).toHaveTextContent('CRAH-03 · 4 notices');
    expect(group).toHaveTextContent(/Critical · 3m( \d+s)? ago/);
    const single = within(list).getByRole('button', {
      name: 'Critical: Supply air too warm, CRAH-01, unread',
    });
    expect(single).toHaveTextContent(/Critical · CRAH-01 · 5m( \d+s)? ago/);
    // Unread rows carry no fill: the dot and the weight say it.
    expect(list.querySelectorAll('[data-unread]')).toHaveLength(2);
    for (const row of list.querySelectorAll('[data-unread]')) {
      expect(row instanceof HTMLElement ? row.style.background : 'none').toBe('');
    }
    expect(within(list).queryByRole('button', { name: /Compressor fault/ })).toBeNull();
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    const members = within(screen.getByRole('list', { name: 'CRAH-03 notices' })).getAllByRole('listitem');
    expect(
      members.map((member) => within(member).getAllByRole('button')[0]?.getAttribute('aria-label')),
    ).toEqual([
      'Warning: Filter pressure high, CRAH-03, unread',
      'Critical: Compressor fault, CRAH-03, unread',
      'Info: Door open, CRAH-03, unread',
      'Warning: Low air delta-T, CRAH-03',
    ]);
    expect(members[1]).toHaveTextContent(/Critical · 6m( \d+s)? ago/);
  });

  it('marks one read or all read, and the badge goes at once', async () => {
    const user = userEvent.setup();
    const { requests } = renderBell({ unread: 3 });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark read: Supply air too warm' }));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(bodies(requests, '/notifications.markRead')).toEqual([{ notificationIds: [2] }, { all: true }]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('keeps a newer live count when the answer to marking read comes back after it', async () => {
    const user = userEvent.setup();
    const view = renderBell({ unread: 1 });
    // The server marks read (count 0), then two notices come: their signal overtakes the call's answer.
    view.markRead.mockImplementationOnce(() => {
      view.setUnread(2);
      view.fake.notify(2);
      return { body: { unreadCount: 0 } };
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(view.markRead).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    // Still there once every read has settled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('says when there is nothing, and when the list cannot be read, with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderBell({
      unread: 0,
      list: (request) => {
        const body = requestShape.parse(request.body);
        if (body.pageableQuery?.pageSize === 1) return { body: notificationPage([], 0) };
        return fail
          ? { status: 500, body: { message: 'Database unavailable', code: 'INTERNAL' } }
          : { body: notificationPage([], 0) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    // Two retries first, as for every query that fails on the server.
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });

  it('toasts a new critical notification, not an older one nor a warning', async () => {
    const arrived: Notification[] = [];
    const { fake, setUnread } = renderBell({
      unread: 1,
      list: (request) => {
        const body = requestShape.parse(request.body);
        return {
          body: notificationPage(body.unreadOnly ? [...arrived, newer] : [newer, older], 1 + arrived.length),
        };
      },
    });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    arrived.push(
      buildNotification({ notificationId: 4, title: 'Compressor fault', assetName: 'CRAH-09' }),
      buildNotification({ notificationId: 3, level: 'WARNING', title: 'Filter clogged' }),
    );
    setUnread(3);
    act(() => fake.notify(3));
    expect(await screen.findByText('Critical: Compressor fault on CRAH-09')).toBeInTheDocument();
    expect(screen.queryByText(/Filter clogged/)).toBeNull();
    expect(screen.queryByText('Critical: Supply air too warm on CRAH-01')).toBeNull();
  });
});
