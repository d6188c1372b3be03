import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { lazySection } from './sectionRoute.tsx';

function Layout() {
  return (
    <div>
      <nav aria-label="Shell navigation">Shell</nav>
      <Outlet />
    </div>
  );
}

function Tickets() {
  return <h1>Tickets screen</h1>;
}

describe('lazySection', () => {
  it('draws the layout at once with a loading state, and the screen once its scripts arrive', async () => {
    let calls = 0;
    let arrive: (component: typeof Tickets) => void = () => undefined;
    const load = () => {
      calls += 1;
      return new Promise<typeof Tickets>((resolve) => {
        arrive = resolve;
      });
    };
    renderWithRouter(
      [{ path: '/', element: <Layout />, children: [{ path: 'tickets', ...lazySection('Tickets', load) }] }],
      {
        initialPath: '/tickets',
      },
    );

    expect(await screen.findByRole('navigation', { name: 'Shell navigation' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading Tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tickets screen' })).not.toBeInTheDocument();

    await act(async () => {
      arrive(Tickets);
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Tickets screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading Tickets' })).not.toBeInTheDocument();
    // The route's loader started the download; rendering the screen reused it.
    expect(calls).toBe(1);
  });
});
