import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { AutomationList } from './AssetAutomationTab.tsx';
import { buildAutomation } from './problemTestData.ts';

afterEach(() => vi.unstubAllGlobals());

function renderTab(options: { automations?: ReturnType<typeof buildAutomation>[]; write?: boolean } = {}) {
  const disable = vi.fn((_request: FakeRequest) => ({ body: { ok: true } }));
  const list = vi.fn((_request: FakeRequest) => ({ body: options.automations ?? [buildAutomation()] }));
  const api = fakeApi([
    { method: 'POST', path: /^\/detectedProblems\.listAutomations$/, reply: list },
    { method: 'POST', path: /^\/detectedProblems\.disableAutomation$/, reply: disable },
  ]);
  const queryClient = createQueryClient();
  const scoped = { attributes: { companyId: { type: 'VALUES' as const, values: [2] } } };
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], {
      permissions: {
        'detectedProblems:read': [scoped],
        ...(options.write === false ? {} : { 'detectedProblems:write': [scoped] }),
      },
    }),
  );
  renderWithRouter(
    [
      {
        path: '/',
        element: <AutomationList assetId={4} companyId={2} />,
      },
    ],
    { queryClient },
  );
  return { ...api, disable, list };
}

describe('asset automation tab', () => {
  it('lists the asset’s automations and disables one after confirming', async () => {
    const user = userEvent.setup();
    const { disable, list } = renderTab();
    const table = await screen.findByRole('table', { name: 'Automations' });
    expect(within(table).getByText('Auto-mute')).toBeInTheDocument();
    expect(within(table).getByText('Coil cleaning')).toBeInTheDocument();
    expect(within(table).getByText('Ada Operator')).toBeInTheDocument();
    expect(within(table).getByText('Active')).toBeInTheDocument();
    expect(list.mock.calls[0]?.[0].body).toEqual({ assetIds: [4], includeEnded: false });
    await user.click(within(table).getByRole('button', { name: 'Disable auto-mute of Supply air too warm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable automation' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(disable).toHaveBeenCalledTimes(1));
    expect(disable.mock.calls[0]?.[0].body).toEqual({ problemAutomationIds: [31] });
  });

  it('shows ended automations on request, without a disable button for them', async () => {
    const user = userEvent.setup();
    const { list } = renderTab({ automations: [buildAutomation({ state: 'EXPIRED' })] });
    await screen.findByText('Expired');
    expect(screen.queryByRole('button', { name: /Disable/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show ended' }));
    await waitFor(() => expect(list.mock.lastCall?.[0].body).toEqual({ assetIds: [4], includeEnded: true }));
  });

  it('says how to set one when there is none, and offers no disabling to a reader', async () => {
    renderTab({ automations: [], write: false });
    expect(await screen.findByText(/No automation is active on this asset/)).toBeInTheDocument();
  });
});
