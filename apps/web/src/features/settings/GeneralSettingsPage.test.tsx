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

  it('says why a change was not saved, and shows the stored choice again', async () => {
    preferencesApi({ failUpdate: true });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Imperial' }));
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Metric' })).toBeChecked());
    expect(userUnitsProfile()).toBe('metric');
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
