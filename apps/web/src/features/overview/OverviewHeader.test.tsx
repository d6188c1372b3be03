import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone, formatSpecDateTime } from '../../shared/formatting/dateTime.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { OverviewHeader, overviewFreshness } from './OverviewHeader.tsx';

type HeaderProps = Parameters<typeof OverviewHeader>[0];

function renderHeader(props: Partial<HeaderProps> = {}) {
  const onRefresh = vi.fn();
  const all: HeaderProps = {
    unitCount: 3,
    updatedAt: 0,
    refreshing: false,
    canRefresh: true,
    onRefresh,
    ...props,
  };
  renderWithRouter([{ path: '/', element: <OverviewHeader {...all} /> }]);
  return { onRefresh };
}

const refreshButton = () => screen.getByRole('button', { name: 'Refresh the units’ state' });
const freshness = () => screen.getByRole('status', { name: 'Units’ state' });

describe('OverviewHeader', () => {
  it('says when the state last arrived, in the user’s zone, beside a named Refresh button', async () => {
    const updatedAt = Date.UTC(2026, 10, 27, 9, 5, 3);
    const { onRefresh } = renderHeader({ updatedAt });
    const formatted = formatSpecDateTime(updatedAt, browserTimeZone());
    if (formatted === 'Date Not Available') throw new Error('a valid moment formatted as missing');
    expect(freshness()).toHaveTextContent(`Updated ${formatted.time}`);
    expect(screen.getByText('3 units')).toBeInTheDocument();

    await userEvent.click(refreshButton());
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('while refreshing shows "Updating…" and keeps the button’s label rather than a bare spinner', () => {
    renderHeader({ updatedAt: Date.now(), refreshing: true });
    expect(freshness()).toHaveTextContent('Updating…');
    const button = refreshButton();
    expect(button).toHaveTextContent('Refresh');
    expect(button).toBeDisabled();
    // Mantine marks a button in its loading state (label replaced by a spinner) with data-loading.
    expect(button).not.toHaveAttribute('data-loading');
  });

  it('before the first answer says the state is not updated yet, and a fleet still loading says so', () => {
    renderHeader({ unitCount: null, canRefresh: false });
    expect(freshness()).toHaveTextContent('Not updated yet');
    expect(screen.getByText('Loading units…')).toBeInTheDocument();
    expect(refreshButton()).toBeDisabled();
  });
});

describe('overviewFreshness', () => {
  it('prefers "Updating…" over the last time while a refresh runs', () => {
    expect(overviewFreshness(Date.now(), true)).toBe('Updating…');
    expect(overviewFreshness(0, false)).toBe('Not updated yet');
    expect(overviewFreshness(Date.now(), false)).toMatch(/^Updated \d\d:\d\d:\d\d [AP]M$/);
  });
});
