import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_COPIED_EMAIL_MS } from '@kelvin/domain';
import { setLoggedInFlag } from '../../app/session/sessionStorageKeys.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { SUPPORT_EMAIL } from '../../shared/supportContact.ts';
import { LandingPage } from './LandingPage.tsx';

function renderLanding() {
  return renderWithRouter([
    { path: '/', element: <LandingPage /> },
    { path: '/login', element: <h1>Login route</h1> },
    { path: '/user', element: <h1>User area</h1> },
  ]);
}

describe('LandingPage', () => {
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('shows the four plans with blank prices and their contact buttons', async () => {
    renderLanding();
    const plans = [
      ['Observability', 'Included with all units'],
      ['Enhanced Monitoring & Diagnostics', 'Add monitoring'],
      ['Enhanced Support', 'Request support tier'],
      ['Service Contract', 'Contact for contract'],
    ] as const;
    for (const [name, contact] of plans) {
      const card = await screen.findByRole('article', { name });
      const link = within(card).getByRole('link', { name: contact });
      expect(link.getAttribute('href')).toMatch(new RegExp(`^mailto:${SUPPORT_EMAIL}`));
      expect(within(card).getByTitle(`${name} price`)).toHaveTextContent(/^$/);
    }
  });

  it('states the claims', async () => {
    renderLanding();
    const claims = await screen.findByRole('list', { name: 'What Kelvin records' });
    expect(claims).toHaveTextContent('About 200 metrics per unit for legacy units');
    expect(claims).toHaveTextContent('Over 2000 metrics per unit for non-legacy units');
    expect(claims).toHaveTextContent('Up to 120 values per metric per minute');
    expect(claims).toHaveTextContent('Up to 24 months of history');
  });

  it('goes to login from the login button', async () => {
    const user = userEvent.setup();
    renderLanding();
    await user.click(
      await screen.findByRole('link', { name: 'Already have an account? Click here to Login' }),
    );
    expect(await screen.findByRole('heading', { name: 'Login route' })).toBeInTheDocument();
  });

  it('copies the support address on right-click and says so for 2 s', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderLanding();
    const link = await screen.findByRole('link', { name: 'Add monitoring' });

    vi.useFakeTimers();
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    await act(async () => {
      fireEvent(link, event);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(writeText).toHaveBeenCalledWith(SUPPORT_EMAIL);
    expect(screen.getByText('Email address copied!')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(TOAST_COPIED_EMAIL_MS + 500));
    expect(screen.queryByText('Email address copied!')).not.toBeInTheDocument();
  });

  it('sends a logged-in user to the user area', async () => {
    setLoggedInFlag();
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'User area' })).toBeInTheDocument();
  });
});
