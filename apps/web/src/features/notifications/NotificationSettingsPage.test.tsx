import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { NotificationPreference, Webhook } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { browserTimeZone, formatDateTime } from '../../shared/formatting/dateTime.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { NotificationSettingsPage } from './NotificationSettingsPage.tsx';
import { buildDelivery, buildPreference, buildWebhook } from './notificationsTestData.ts';

const preferenceBody = z.object({
  companyId: z.number(),
  levels: z.array(z.enum(['CRITICAL', 'WARNING', 'INFO'])),
  inConsole: z.boolean(),
  webhook: z.boolean(),
});

function renderPage(
  options: {
    preferences?: NotificationPreference[];
    webhooks?: Webhook[];
    path?: string;
    extra?: FakeRoute[];
  } = {},
) {
  const preferences = options.preferences ?? [buildPreference()];
  const update = vi.fn((request: FakeRequest) => {
    const body = preferenceBody.parse(request.body);
    const row = preferences.find((item) => item.companyId === body.companyId) ?? buildPreference();
    return { body: { ...row, ...body, isDefault: false } };
  });
  const api = fakeApi([
    ...(options.extra ?? []),
    { method: 'POST', path: /^\/notificationPreferences\.get$/, reply: { body: { preferences } } },
    { method: 'POST', path: /^\/notificationPreferences\.update$/, reply: update },
    { method: 'POST', path: /^\/webhooks\.list$/, reply: { body: options.webhooks ?? [] } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['notificationPreferences:manage']));
  const view = renderWithRouter(
    [{ path: '/user/settings/notifications/:companyId?', element: <NotificationSettingsPage /> }],
    { initialPath: options.path ?? '/user/settings/notifications', queryClient },
  );
  return { ...api, update, router: view.router };
}

const bodiesOf = (requests: FakeRequest[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

// Mantine's combobox scrolls its chosen option into view, which jsdom cannot.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('notification settings page', () => {
  it('shows the user’s choice for their company and saves each change', async () => {
    const user = userEvent.setup();
    const { update } = renderPage();
    expect(await screen.findByText(/You have not chosen yet: these are the defaults/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Critical' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Warning' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Info' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /In the console/ })).toBeChecked();
    // One company: no picker.
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Info' }));
    await waitFor(() =>
      expect(update.mock.lastCall?.[0].body).toEqual({
        companyId: 2,
        levels: ['CRITICAL', 'WARNING', 'INFO'],
        inConsole: true,
        webhook: false,
      }),
    );
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /By the company’s webhooks/ }));
    await waitFor(() => expect(update.mock.lastCall?.[0].body).toMatchObject({ webhook: true }));
  });

  it('says when nothing reaches the user', async () => {
    renderPage({ preferences: [buildPreference({ levels: [], isDefault: false })] });
    expect(await screen.findByText('No problem of Acme Cooling reaches you.')).toBeInTheDocument();
  });

  it('offers the companies the user may manage, and the route names the one shown', async () => {
    const user = userEvent.setup();
    const { router } = renderPage({
      preferences: [
        buildPreference(),
        buildPreference({ companyId: 5, companyName: 'Bravo Cloud', levels: ['INFO'] }),
      ],
      path: '/user/settings/notifications/5',
    });
    expect(await screen.findByRole('combobox', { name: 'Company' })).toHaveValue('Bravo Cloud');
    expect(screen.getByRole('checkbox', { name: 'Info' })).toBeChecked();
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Cooling' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/settings/notifications/2'));
    expect(screen.getByRole('checkbox', { name: 'Info' })).not.toBeChecked();
  });

  it('explains a failure to load, with a retry', async () => {
    fakeApi([
      {
        method: 'POST',
        path: /^\/notificationPreferences\.get$/,
        reply: {
          status: 403,
          body: {
            message: 'You need the notificationPreferences:manage permission to do this.',
            code: 'FORBIDDEN',
          },
        },
      },
    ]);
    renderWithRouter([{ path: '/', element: <NotificationSettingsPage /> }]);
    const title = await screen.findByText('Unable to load notification settings');
    const alert = title.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('no alert');
    expect(alert).toHaveTextContent('You need the notificationPreferences:manage permission to do this.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('adds a webhook, checking the URL as typed, and shows its secret once', async () => {
    const user = userEvent.setup();
    const create = vi.fn(() => ({ body: { webhook: buildWebhook(), secret: 'whsec_0123456789abcdef' } }));
    const { requests } = renderPage({
      extra: [{ method: 'POST', path: /^\/webhooks\.create$/, reply: create }],
    });
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'On-call pager');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'http://pager.example/kelvin');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      within(dialog).getByText('The URL must start with https:// (http:// only for localhost)'),
    ).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByRole('textbox', { name: 'URL' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://pager.example/kelvin');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Warning' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByText('whsec_0123456789abcdef')).toBeInTheDocument();
    expect(within(secret).getByText('Copy the secret now')).toBeInTheDocument();
    // The dialog says it was added; a toast saying so would cover its warning.
    expect(within(secret).getByText('Webhook added.')).toBeInTheDocument();
    expect(screen.queryByText('Webhook added')).toBeNull();
    expect(bodiesOf(requests, '/webhooks.create')).toEqual([
      {
        companyId: 2,
        name: 'On-call pager',
        url: 'https://pager.example/kelvin',
        levels: ['CRITICAL'],
        enabled: true,
      },
    ]);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a test, lists deliveries with their status, and deletes after confirming', async () => {
    const user = userEvent.setup();
    const failed = buildDelivery({
      deliveryId: 10,
      kind: 'OPENED',
      detectedProblemId: 40,
      status: 'PENDING',
      attemptCount: 2,
      lastStatusCode: 503,
      lastError: 'Answered 503 Service Unavailable',
      deliveredAt: null,
      nextAttemptAt: '2025-06-01T08:10:00.000Z',
    });
    const { requests } = renderPage({
      webhooks: [
        buildWebhook({ lastDelivery: { status: 'DELIVERED', createdAt: '2025-06-01T08:00:00.000Z' } }),
      ],
      extra: [
        { method: 'POST', path: /^\/webhooks\.test$/, reply: { body: buildDelivery() } },
        {
          method: 'POST',
          path: /^\/webhookDeliveries\.list$/,
          reply: {
            body: {
              content: [failed, buildDelivery()],
              pageable: { totalSize: 2, pageSize: 10, pageNumber: 0 },
            },
          },
        },
        { method: 'POST', path: /^\/webhooks\.delete$/, reply: { body: { ok: true } } },
      ],
    });
    const row = await screen.findByRole('listitem', { name: 'On-call pager' });
    expect(within(row).getByText('https://pager.example/kelvin')).toBeInTheDocument();
    expect(within(row).getByText('Secret whsec_…abcd')).toBeInTheDocument();
    expect(within(row).getByText('Delivered')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test delivered: answered 200')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries of On-call pager' });
    const table = await within(dialog).findByRole('table', { name: 'Webhook deliveries' });
    const [, pending, test] = within(table).getAllByRole('row');
    expect(within(pending ?? table).getByText('Pending')).toBeInTheDocument();
    expect(within(pending ?? table).getByText('Answered 503 Service Unavailable')).toBeInTheDocument();
    expect(within(test ?? table).getByText('Test')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(row).getByRole('button', { name: 'Delete On-call pager' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesOf(requests, '/webhooks.delete')).toEqual([{ webhookId: 3 }]));
  });
  it('replaces the secret after confirming: shows the new one once, and until when the old one still signs', async () => {
    const user = userEvent.setup();
    let rotated = false;
    const after = buildWebhook({
      secretHint: 'whsec_…wxyz',
      previousSecretExpiresAt: '2025-06-02T08:00:00.000Z',
    });
    const { requests } = renderPage({
      extra: [
        {
          method: 'POST',
          path: /^\/webhooks\.list$/,
          reply: () => ({ body: [rotated ? after : buildWebhook()] }),
        },
        {
          method: 'POST',
          path: /^\/webhooks\.update$/,
          reply: () => {
            rotated = true;
            return { body: { webhook: after, secret: 'whsec_theNewOne' } };
          },
        },
      ],
    });
    const row = await screen.findByRole('listitem', { name: 'On-call pager' });
    expect(within(row).queryByText(/previous secret/)).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Replace the secret of On-call pager' }));
    expect(await screen.findByText(/keeps signing beside the new one for 24 hours/)).toBeInTheDocument();
    // Nothing is replaced before the confirmation.
    expect(bodiesOf(requests, '/webhooks.update')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    await waitFor(() =>
      expect(bodiesOf(requests, '/webhooks.update')).toEqual([{ webhookId: 3, rotateSecret: true }]),
    );
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByText('whsec_theNewOne')).toBeInTheDocument();
    // Until when, as a moment in the user's zone by the console's formatter, not only "for 24 hours".
    const until = formatDateTime(Date.parse('2025-06-02T08:00:00.000Z'), browserTimeZone());
    expect(within(secret).getByRole('status')).toHaveTextContent(
      `Secret replaced. The previous secret also signs until ${until}: give the receiving system the new one before then.`,
    );
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_theNewOne')).toBeNull());
    const refreshed = await screen.findByRole('listitem', { name: 'On-call pager' });
    const previous = await within(refreshed).findByText(`The previous secret also signs until ${until}.`);
    const hint = within(refreshed).getByText('Secret whsec_…wxyz');
    // A line of its own, not in the hint's wrapping row where the two read as one sentence.
    expect(hint.parentElement).not.toContainElement(previous);
  });
});
