import { screen, within } from '@testing-library/react';
import { User as OidcUser } from 'oidc-client-ts';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../test/factories.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { createQueryClient } from '../queryClient.ts';
import { clearLoggedInFlag, setLoggedInFlag } from '../session/sessionStorageKeys.ts';
import { useSessionStore } from '../session/sessionStore.ts';
import { currentUserQueryKey } from '../session/useCurrentUser.ts';
import { NotFoundRoute } from './NotFoundRoute.tsx';

const routes: RouteObject[] = [{ path: '/notFound', element: <NotFoundRoute /> }];

function renderNotFound() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['tickets:read']));
  return renderWithRouter(routes, { initialPath: '/notFound?url=%2Fuser%2Fnowhere', queryClient });
}

afterEach(() => {
  clearLoggedInFlag();
  useSessionStore.getState().setOidcUser(null);
});

describe('NotFoundRoute', () => {
  it("shows a signed-in user the not-found page inside the shell, with the shell's navigation", async () => {
    setLoggedInFlag();
    useSessionStore.getState().setOidcUser(
      new OidcUser({
        id_token: 'token',
        access_token: 'access',
        token_type: 'Bearer',
        profile: { sub: 'ada', iss: 'test', aud: 'kelvin', exp: 0, iat: 0 },
      }),
    );
    renderNotFound();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    // The page waits for the user's display preferences (times, units, names), then draws.
    expect(
      await within(main).findByRole('heading', { name: 'Page not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(main).getByText('/user/nowhere')).toBeInTheDocument();
    // One main landmark: the page does not nest its own inside the shell's.
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows the bare page before sign-in', async () => {
    renderNotFound();
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
