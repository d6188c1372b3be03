import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_ALERT_MS, TOAST_NOTIFICATION_MS } from '@kelvin/domain';
import { notify, showAlert } from './toasts.ts';

function renderToasts() {
  return render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('shows an alert that hides after 6 s', async () => {
    renderToasts();
    act(() => {
      showAlert('Saved to your profile');
    });
    expect(screen.getByText('Saved to your profile')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(TOAST_ALERT_MS - 500));
    expect(screen.getByText('Saved to your profile')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText('Saved to your profile')).not.toBeInTheDocument();
  });

  it('shows a danger notification at the top for 3 s', async () => {
    renderToasts();
    act(() => {
      notify({ kind: 'danger', message: 'Unable to save' });
    });
    const toast = screen.getByText('Unable to save');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'top-center');

    await act(() => vi.advanceTimersByTimeAsync(TOAST_NOTIFICATION_MS - 500));
    expect(screen.getByText('Unable to save')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText('Unable to save')).not.toBeInTheDocument();
  });

  it('shows a success notification', () => {
    renderToasts();
    act(() => {
      notify({ kind: 'success', message: 'Ticket created' });
    });
    expect(screen.getByText('Ticket created').closest('[data-kind]')).toHaveAttribute('data-kind', 'success');
  });
});
