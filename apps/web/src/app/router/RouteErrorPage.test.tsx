import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { RouteErrorPage, isChunkLoadError } from './RouteErrorPage.tsx';

describe('RouteErrorPage', () => {
  it('recognises chunk load failures of the main browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('offers a reload when a lazy section fails to load', async () => {
    renderWithRouter([
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        lazy: () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
      },
    ]);
    expect(await screen.findByText('This part of Kelvin could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
