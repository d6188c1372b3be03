import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { CalendarFeedPanel } from './CalendarFeedPanel.tsx';

const FIRST = 'https://kelvin.example/calendar/first-token.ics';
const SECOND = 'https://kelvin.example/calendar/second-token.ics';

function feedApi(options: { failReset?: boolean } = {}) {
  let url = FIRST;
  return fakeApi([
    { method: 'GET', path: /^\/users\/me\/calendarFeed$/, reply: () => ({ body: { url } }) },
    {
      method: 'POST',
      path: /^\/users\/me\/calendarFeed\.reset$/,
      reply: () => {
        if (options.failReset)
          return { status: 500, body: { statusCode: 500, error: 'Internal', message: 'Database is down' } };
        url = SECOND;
        return { body: { url } };
      },
    },
  ]);
}

const renderPanel = () => renderWithRouter([{ path: '/', element: <CalendarFeedPanel /> }]);

afterEach(() => vi.unstubAllGlobals());

describe('CalendarFeedPanel', () => {
  it('shows the private URL with where to paste it, and resets it only once confirmed', async () => {
    const { requests } = feedApi();
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByRole('textbox', { name: 'Your feed URL' })).toHaveValue(FIRST);
    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    expect(screen.getByText('Google Calendar')).toBeInTheDocument();

    // Cancel keeps the URL.
    await user.click(screen.getByRole('button', { name: 'Reset URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset calendar feed URL' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((request) => request.path === '/users/me/calendarFeed.reset')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Reset URL' }));
    const again = await screen.findByRole('dialog', { name: 'Reset calendar feed URL' });
    await user.click(within(again).getByRole('button', { name: 'Reset URL' }));
    expect(await screen.findByText('Calendar feed URL reset')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your feed URL' })).toHaveValue(SECOND);
  });

  it('says why a reset failed and keeps showing the URL that still works', async () => {
    feedApi({ failReset: true });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Reset URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset calendar feed URL' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset URL' }));
    // The dialog stays open with the server's reason (and a toast says it too).
    expect(await within(dialog).findByText('Database is down')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your feed URL' })).toHaveValue(FIRST);
  });
});
