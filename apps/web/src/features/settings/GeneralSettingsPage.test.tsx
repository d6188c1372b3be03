import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserPreferences } from '@kelvin/contract';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import {
  demoModeOn,
  resetDisplayPreferences,
  userTimeZone,
  userUnitsProfile,
} from '../../shared/preferences/displayPreferences.ts';
import { browserTimeZone } from '../../shared/formatting/dateTime.ts';
import { GeneralSettingsPage } from './GeneralSettingsPage.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';

const stored: UserPreferences = {
  colorScheme: 'system',
  timeZoneId: null,
  unitsProfile: 'metric',
  demoMode: false,
};

function preferencesApi(options: { failUpdate?: boolean } = {}) {
  let current = { ...stored };
  return fakeApi([
    { method: 'GET', path: /^\/users\/me\/preferences$/, reply: () => ({ body: current }) },
    {
      method: 'POST',
      path: /^\/users\/me\/preferences\.update$/,
      reply: ({ body }) => {
        if (options.failUpdate)
          return { status: 500, body: { statusCode: 500, error: 'Internal', message: 'Database is down' } };
        current = { ...current, ...(typeof body === 'object' ? body : {}) };
        return { body: current };
      },
    },
  ]);
}

const renderPage = () => renderWithRouter([{ path: '/', element: <GeneralSettingsPage /> }]);

afterEach(() => {
  vi.unstubAllGlobals();
  resetDisplayPreferences();
});

describe('GeneralSettingsPage', () => {
  it('saves each setting on change, says so, and every screen then reads it', async () => {
    const { requests } = preferencesApi();
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'General settings' })).toBeInTheDocument();
    const imperial = await screen.findByRole('radio', { name: 'Imperial' });
    expect(screen.getByRole('radio', { name: 'Metric' })).toBeChecked();
    expect(userTimeZone()).toBe(browserTimeZone());

    await user.click(imperial);
    expect(await screen.findByText('Units profile saved')).toBeInTheDocument();
    expect(requests).toContainEqual(
      expect.objectContaining({ path: '/users/me/preferences.update', body: { unitsProfile: 'imperial' } }),
    );
    expect(userUnitsProfile()).toBe('imperial');

    await user.click(screen.getByRole('switch', { name: 'Mask company, site and asset names' }));
    expect(await screen.findByText('Demo mode saved')).toBeInTheDocument();
    expect(demoModeOn()).toBe(true);

    // Leaving the browser's zone keeps its zone as the chosen one; choosing it again is null.
    await user.click(screen.getByRole('checkbox', { name: /Use this browser's time zone/ }));
    await waitFor(() =>
      expect(requests).toContainEqual(expect.objectContaining({ body: { timeZoneId: browserTimeZone() } })),
    );
    await user.click(screen.getByRole('checkbox', { name: /Use this browser's time zone/ }));
    await waitFor(() =>
      expect(requests).toContainEqual(expect.objectContaining({ body: { timeZoneId: null } })),
    );
  });

  it('keeps two quick changes: both show at once, are saved one after the other, and both are kept', async () => {
    let current = { ...stored };
    const held: (() => void)[] = [];
    const { requests } = fakeApi([
      { method: 'GET', path: /^\/users\/me\/preferences$/, reply: () => ({ body: current }) },
      {
        method: 'POST',
        path: /^\/users\/me\/preferences\.update$/,
        // Held until the test lets it go: the answer carries the state at the time the server applied it.
        reply: ({ body }) =>
          new Promise((resolve) =>
            held.push(() => {
              current = { ...current, ...(typeof body === 'object' ? body : {}) };
              resolve({ body: current });
            }),
          ),
      },
    ]);
    const updates = () => requests.filter((request) => request.path === '/users/me/preferences.update');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Imperial' }));
    await user.click(screen.getByRole('switch', { name: 'Mask company, site and asset names' }));
    // Both show their new state while the first is still on its way, and the second waits for it.
    expect(screen.getByRole('radio', { name: 'Imperial' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Mask company, site and asset names' })).toBeChecked();
    await waitFor(() => expect(held).toHaveLength(1));
    expect(updates()).toEqual([expect.objectContaining({ body: { unitsProfile: 'imperial' } })]);

    held[0]?.();
    expect(await screen.findByText('Units profile saved')).toBeInTheDocument();
    await waitFor(() => expect(held).toHaveLength(2));
    expect(screen.getByRole('switch', { name: 'Mask company, site and asset names' })).toBeChecked();
    held[1]?.();
    expect(await screen.findByText('Demo mode saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Mask company, site and asset names' })).toBeEnabled(),
    );
    expect(screen.getByRole('radio', { name: 'Imperial' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Mask company, site and asset names' })).toBeChecked();
    expect(userUnitsProfile()).toBe('imperial');
    expect(demoModeOn()).toBe(true);
  });

  it('says why a change was not saved, and shows the stored choice again', async () => {
    preferencesApi({ failUpdate: true });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Imperial' }));
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Metric' })).toBeChecked());
    expect(userUnitsProfile()).toBe('metric');
  });

  it('offers the calendar feed to provider staff who may read schedules, and not to customers', async () => {
    for (const companyId of [1, 2]) {
      preferencesApi();
      const queryClient = createQueryClient();
      const me = buildCurrentUser(['schedules:read']);
      queryClient.setQueryData(currentUserQueryKey, { ...me, user: { ...me.user, companyId } });
      const { unmount } = renderWithRouter([{ path: '/', element: <GeneralSettingsPage /> }], {
        queryClient,
      });
      await screen.findByRole('radio', { name: 'Imperial' });
      expect(screen.queryAllByRole('region', { name: 'Calendar feed' })).toHaveLength(
        companyId === 1 ? 1 : 0,
      );
      unmount();
    }
  });

  it('says when the settings cannot be read', async () => {
    fakeApi([
      {
        method: 'GET',
        path: /^\/users\/me\/preferences$/,
        reply: { status: 500, body: { statusCode: 500, error: 'Internal', message: 'Database is down' } },
      },
    ]);
    renderPage();
    expect(await screen.findByText('Unable to load your settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
