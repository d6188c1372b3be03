import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { LoggedOutPage } from './LoggedOutPage.tsx';
import { UnauthorizedPage } from './UnauthorizedPage.tsx';

describe('LoggedOutPage', () => {
  it('says the session ended and leads back to login', async () => {
    const user = userEvent.setup();
    renderWithRouter(
      [
        { path: '/loggedOut', element: <LoggedOutPage /> },
        { path: '/login', element: <h1>Login route</h1> },
      ],
      { initialPath: '/loggedOut' },
    );
    expect(await screen.findByText('Your session is no longer active.')).toBeInTheDocument();
    expect(screen.getByText('You will need to login to continue using the product.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Login route' })).toBeInTheDocument();
  });
});

describe('UnauthorizedPage', () => {
  it('shows the logo, the text and a Sign Out button that logs out', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    renderWithRouter([{ path: '/unauthorized', element: <UnauthorizedPage onSignOut={onSignOut} /> }], {
      initialPath: '/unauthorized',
    });
    expect(await screen.findByRole('img', { name: 'Kelvin' })).toBeInTheDocument();
    expect(screen.getByText('You are not authorized to access this application.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
