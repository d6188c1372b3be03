import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { createQueryClient } from '../../../app/queryClient.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { TestPage } from '../TestPage.tsx';
import { TEST_ERROR_MESSAGE } from './ErrorDrill.tsx';

vi.mock('./useLiveConnectionState.ts', async (original) => ({
  ...(await original<typeof import('./useLiveConnectionState.ts')>()),
  useLiveConnectionState: () => ({ isConnected: true, isConnecting: false }),
}));

afterEach(() => vi.unstubAllGlobals());

describe('TestPage', { timeout: 30_000 }, () => {
  it("shows the server's health and version, the user's permissions, the connection and the time zones", async () => {
    const me = buildCurrentUser(['assets:read']);
    const { fetchMock } = fakeApi([
      { method: 'GET', path: /^\/users\/me\/preferences$/, reply: { body: { timeZoneId: 'Asia/Tokyo' } } },
    ]);
    fetchMock.mockImplementation((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith('/healthz')) return Promise.resolve(Response.json({ status: 'ok' }));
      if (url.includes('version.json'))
        return Promise.resolve(Response.json({ version: '6.45.2', build: 'b-123' }));
      return Promise.resolve(
        Response.json({
          timeZoneId: 'Asia/Tokyo',
          unitsProfile: 'METRIC',
          demoMode: false,
          colorScheme: 'auto',
        }),
      );
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, me);
    renderWithRouter([{ path: '/', element: <TestPage /> }], { queryClient });

    expect(screen.getByRole('heading', { name: 'Test', level: 1 })).toBeInTheDocument();
    const server = screen.getByRole('region', { name: 'Server' });
    expect(await within(server).findByText('ok')).toBeInTheDocument();
    expect(await within(server).findByText('b-123')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('Browser time zone')).toBeInTheDocument();
    const permissions = screen.getByRole('table', { name: 'Your permissions' });
    expect(within(permissions).getByText('assets:read')).toBeInTheDocument();
  });

  it('raises a client error from a click, which reaches the window as uncaught, and says so', async () => {
    fakeApi([]);
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, buildCurrentUser());
    renderWithRouter([{ path: '/', element: <TestPage /> }], { queryClient });
    const seen: string[] = [];
    const listener = (event: ErrorEvent) => {
      seen.push(event.error instanceof Error ? event.error.message : event.message);
      event.preventDefault();
    };
    window.addEventListener('error', listener);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Raise a test error' }));
    } finally {
      window.removeEventListener('error', listener);
    }
    expect(seen.some((message) => message.startsWith(TEST_ERROR_MESSAGE))).toBe(true);
    expect(await screen.findByText('A test error was raised')).toBeInTheDocument();
  });
});
