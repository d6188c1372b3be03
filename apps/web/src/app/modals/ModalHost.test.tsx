import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from './ModalHost.tsx';
import { modals, useModalStore } from './modalStore.ts';

function renderHost() {
  render(
    <MantineProvider env="test">
      <ModalHost />
    </MantineProvider>,
  );
  return userEvent.setup();
}

function openWith<T>(opener: () => Promise<T>): Promise<T> {
  let promise: Promise<T> | undefined;
  act(() => {
    promise = opener();
  });
  if (!promise) throw new Error('not opened');
  return promise;
}

describe('modals', () => {
  afterEach(() => {
    useModalStore.setState({ modals: [] });
  });

  it('info has only an OK button labelled "Ok" and resolves true', async () => {
    const user = renderHost();
    const result = openWith(() => modals.info({ title: 'Heads up', message: 'Maintenance tonight' }));
    const dialog = await screen.findByRole('dialog', { name: 'Heads up' });
    expect(dialog).toHaveTextContent('Maintenance tonight');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await expect(result).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirm has OK and Cancel; Cancel resolves false', async () => {
    const user = renderHost();
    const onCancel = vi.fn();
    const result = openWith(() => modals.confirm({ title: 'Delete?', message: 'Really?', onCancel }));
    await screen.findByRole('dialog', { name: 'Delete?' });
    expect(screen.getByRole('button', { name: 'Ok' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(result).resolves.toBe(false);
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('uses custom labels for danger dialogs', async () => {
    renderHost();
    void openWith(() =>
      modals.danger({ title: 'Remove', message: 'Gone', okLabel: 'Remove', cancelLabel: 'Keep' }),
    );
    await screen.findByRole('dialog', { name: 'Remove' });
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
  });

  it('Escape cancels', async () => {
    const user = renderHost();
    const result = openWith(() => modals.open({ title: 'Edit', message: 'Body' }));
    await screen.findByRole('dialog', { name: 'Edit' });
    await user.keyboard('{Escape}');
    await expect(result).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open when the OK handler returns false', async () => {
    const user = renderHost();
    const onOk = vi.fn(() => false);
    void openWith(() => modals.confirm({ title: 'Save', message: 'Save it?', onOk }));
    await screen.findByRole('dialog', { name: 'Save' });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onOk).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Save' })).toBeInTheDocument();
  });

  it('stays open and shows the message when the OK handler throws, then closes on success', async () => {
    const user = renderHost();
    let attempts = 0;
    const result = openWith(() =>
      modals.danger({
        title: 'Cancel window',
        message: 'Cancel the maintenance window?',
        onOk: () => {
          attempts += 1;
          if (attempts === 1) return Promise.reject(new Error('Window already started'));
          return Promise.resolve(true);
        },
      }),
    );
    await screen.findByRole('dialog', { name: 'Cancel window' });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Window already started')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel window' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await expect(result).resolves.toBe(true);
  });

  it('shows queued dialogs one after another', async () => {
    const user = renderHost();
    void openWith(() => modals.info({ title: 'First', message: 'one' }));
    void openWith(() => modals.info({ title: 'Second', message: 'two' }));
    await screen.findByRole('dialog', { name: 'First' });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('dialog', { name: 'Second' })).toBeInTheDocument();
  });
});

describe('modal handler typing', () => {
  it('accepts async handlers without a return value', () => {
    const options: Parameters<typeof modals.confirm>[0] = {
      title: 't',
      message: 'm',
      onOk: async () => {
        await Promise.resolve();
      },
    };
    expect(options.onOk).toBeDefined();
  });
});
