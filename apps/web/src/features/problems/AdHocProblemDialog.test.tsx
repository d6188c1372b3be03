import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { AdHocProblemDialog } from './AdHocProblemDialog.tsx';
import { buildProblem } from './problemTestData.ts';

afterEach(() => vi.unstubAllGlobals());

describe('ad hoc problem dialog', () => {
  it('reports a problem a person found, with its level and tags, after checking the name', async () => {
    const user = userEvent.setup();
    const create = vi.fn((_request: FakeRequest) => ({ body: buildProblem({ kind: 'AD_HOC' }) }));
    fakeApi([{ method: 'POST', path: /^\/detectedProblems\.createAdHoc$/, reply: create }]);
    const onClose = vi.fn();
    renderWithRouter([
      {
        path: '/',
        element: <AdHocProblemDialog asset={{ assetId: 4, name: 'CRAH 01' }} opened onClose={onClose} />,
      },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem on CRAH 01' });
    await user.click(within(dialog).getByRole('button', { name: 'Report problem' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Door left open');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Found on the walk-round');
    await user.click(within(dialog).getByRole('radio', { name: 'Critical' }));
    const tags = within(dialog)
      .getAllByLabelText('Tags')
      .find((element) => element instanceof HTMLInputElement);
    if (!tags) throw new Error('no tags input');
    await user.type(tags, 'walk-round{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Report problem' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0].body).toEqual({
      assetId: 4,
      name: 'Door left open',
      description: 'Found on the walk-round',
      level: 'CRITICAL',
      tags: ['walk-round'],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 15_000);

  it('keeps the server’s reason in the dialog when refused', async () => {
    const user = userEvent.setup();
    fakeApi([
      {
        method: 'POST',
        path: /^\/detectedProblems\.createAdHoc$/,
        reply: { status: 404, body: { code: 'NOT_FOUND', message: 'Asset not found.' } },
      },
    ]);
    renderWithRouter([
      {
        path: '/',
        element: <AdHocProblemDialog asset={{ assetId: 4, name: 'CRAH 01' }} opened onClose={vi.fn()} />,
      },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem on CRAH 01' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Leak');
    await user.click(within(dialog).getByRole('button', { name: 'Report problem' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Asset not found.');
  });
});
