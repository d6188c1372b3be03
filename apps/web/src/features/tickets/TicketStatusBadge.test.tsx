import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { TicketStatusBadge } from './TicketStatusBadge.tsx';

describe('TicketStatusBadge', () => {
  it('shows the label of the status in its colour', () => {
    renderWithRouter([{ path: '/', element: <TicketStatusBadge statusKey="needsDispatch" /> }]);
    const badge = screen.getByText('Needs dispatch').closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain('orange');
  });

  it('shows an unknown status spelt out, in grey', () => {
    renderWithRouter([{ path: '/', element: <TicketStatusBadge statusKey="waitingForParts" /> }]);
    const badge = screen.getByText('Waiting for parts').closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain('gray');
  });
});
