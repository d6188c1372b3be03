import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { AnalyticsRecorder } from './analyticsRecorder.ts';
import { trackPageViews } from './pageViews.ts';

const routes = [
  { index: true, element: null },
  { path: 'login', element: null },
  { path: 'link/:sharedViewId', element: null },
  {
    path: 'user',
    children: [
      {
        children: [
          { index: true, element: null },
          {
            path: 'tickets',
            children: [
              { index: true, element: null },
              { path: ':ticketId/details', element: null },
            ],
          },
        ],
      },
    ],
  },
];

function recorder() {
  const page = vi.fn((_pattern: string) => undefined);
  const spy: AnalyticsRecorder = { page, event: vi.fn(), flush: vi.fn() };
  return Object.assign(spy, { page });
}

describe('trackPageViews', () => {
  it('records the route pattern of each new screen of the user area, not ids, the root, sign-in, shared views or the /user redirect', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    const spy = recorder();
    const stop = trackPageViews(router, spy);
    await router.navigate('/login');
    await router.navigate('/link/abc');
    await router.navigate('/user/tickets');
    await router.navigate('/user/tickets?page=2');
    await router.navigate('/user/tickets/42/details');
    await router.navigate('/user/tickets/43/details');
    await router.navigate('/user');
    stop();
    await router.navigate('/user/tickets');
    expect(spy.page.mock.calls.map(([pattern]) => pattern)).toEqual([
      '/user/tickets',
      '/user/tickets/:ticketId/details',
      '/user/tickets/:ticketId/details',
    ]);
  });
});
