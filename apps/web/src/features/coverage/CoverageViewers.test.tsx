import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceContract, Warranty } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { buildContract, buildWarranty } from './coverageTestData.ts';
import { ContractsViewerPage } from './ContractsViewerPage.tsx';
import { WarrantiesViewerPage } from './WarrantiesViewerPage.tsx';

const routes = [
  { path: '/user/contracts/:contractIds', element: <ContractsViewerPage /> },
  { path: '/user/warranties/:warrantyIds', element: <WarrantiesViewerPage /> },
];

const bodyOf = (request: FakeRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null ? { ...request.body } : {};

function renderViewer(
  path: string,
  permissions: string[],
  data: { contracts?: ServiceContract[]; warranties?: Warranty[] },
) {
  let contracts = data.contracts ?? [];
  let warranties = data.warranties ?? [];
  const api = fakeApi([
    { method: 'POST', path: /^\/contracts\.list$/, reply: () => ({ body: { content: contracts } }) },
    {
      method: 'POST',
      path: /^\/contracts\.update$/,
      reply: (request) => {
        const body = bodyOf(request);
        contracts = contracts.map((c) =>
          c.contractId === body.contractId ? { ...c, ...body, updatedAt: '2026-06-01T00:00:00.000Z' } : c,
        );
        return { body: contracts.find((c) => c.contractId === body.contractId) };
      },
    },
    {
      method: 'POST',
      path: /^\/warranties\.list$/,
      reply: () => ({
        body: {
          content: warranties.map((warranty) => ({
            warranty,
            warrantyCompanyName: warranty.companyName,
            formValues: [],
          })),
          pageable: { totalSize: warranties.length, pageSize: 1000, pageNumber: 0 },
        },
      }),
    },
    {
      method: 'POST',
      path: /^\/warranties\.update$/,
      reply: (request) => {
        const body = bodyOf(request);
        warranties = warranties.map((w) =>
          w.warrantyId === body.warrantyId ? { ...w, ...body, updatedAt: '2026-06-01T00:00:00.000Z' } : w,
        );
        return { body: warranties.find((w) => w.warrantyId === body.warrantyId) };
      },
    },
  ]);
  const queryClient = createQueryClient();
  const everyCompany = [{ attributes: { companyId: { type: 'ALL' as const } } }];
  queryClient.setQueryData(currentUserQueryKey, {
    ...buildCurrentUser(),
    permissions: Object.fromEntries(permissions.map((name) => [name, everyCompany])),
  });
  return { ...renderWithRouter(routes, { initialPath: path, queryClient }), ...api };
}

describe('contracts viewer', () => {
  it('says what is wrong with a route parameter that is not a JSON list of ids, without calling the server', () => {
    const { requests } = renderViewer('/user/contracts/abc', ['contracts:read'], {});
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The address must end with a JSON list of contract ids',
    );
    expect(requests).toEqual([]);
  });

  it('shows one 30rem card per contract, read-only until Edit, and saves the change', async () => {
    const user = userEvent.setup();
    const { requests } = renderViewer('/user/contracts/[5,6]', ['contracts:read', 'contracts:write'], {
      contracts: [buildContract()],
    });
    const card = await screen.findByLabelText('Contract: 5');
    expect(within(card).getByRole('heading', { name: 'Contract: 5' })).toBeInTheDocument();
    expect(card).toHaveStyle({ width: '30rem' });
    expect(within(card).getByLabelText(/^Label/)).toBeDisabled();
    expect(within(card).getAllByLabelText('Managed Status')[0]).toBeDisabled();
    expect(within(card).getByLabelText(/^Start Date/)).toHaveValue('2026-01-01');
    expect(within(card).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('This contract does not exist, or you may not see it.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(within(card).getByRole('button', { name: 'Stop Editing' })).toBeInTheDocument();
    const label = within(card).getByLabelText(/^Label/);
    expect(label).toBeEnabled();
    await user.clear(label);
    await user.type(label, 'Platinum care');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const update = requests.find((request) => request.path === '/contracts.update');
    expect(update?.body).toEqual({
      contractId: 5,
      label: 'Platinum care',
      managedStatus: 'MANAGED',
      paymentStatus: 'PAID',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      coversParts: true,
    });
    expect(within(card).getByLabelText(/^Label/)).toHaveValue('Platinum care');
    expect(within(card).getByLabelText(/^Label/)).toBeDisabled();
  });

  it('refuses to save an end before the start, and gives readers no Edit', async () => {
    const user = userEvent.setup();
    const { requests } = renderViewer('/user/contracts/[5]', ['contracts:read', 'contracts:write'], {
      contracts: [buildContract()],
    });
    const card = await screen.findByLabelText('Contract: 5');
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const end = within(card).getByLabelText(/^End Date/);
    await user.clear(end);
    await user.type(end, '2025-12-31');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('End Date must be on or after Start Date')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/contracts.update')).toBe(false);
  });

  it('gives a reader without contracts:write no Edit', async () => {
    renderViewer('/user/contracts/[5]', ['contracts:read'], { contracts: [buildContract()] });
    const card = await screen.findByLabelText('Contract: 5');
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('warranties viewer', () => {
  it('shows Label, dates, Status and Sample as Yes/No, and saves through warranties.update', async () => {
    const user = userEvent.setup();
    const { requests } = renderViewer('/user/warranties/[9]', ['warranties:read', 'warranties:write'], {
      warranties: [buildWarranty()],
    });
    const card = await screen.findByLabelText('Warranty: 9');
    expect(within(card).getByLabelText('Start Date')).toHaveValue('03/01/2025');
    expect(within(card).getByLabelText(/^End Date/)).toHaveValue('03/01/2027');
    expect(within(card).getByLabelText('Status')).toHaveValue('Active');
    expect(within(card).getByLabelText('Sample')).toHaveValue('Yes');

    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const duration = within(card).getByLabelText(/Duration/);
    await user.clear(duration);
    await user.type(duration, 'p3y');
    expect(within(card).getByText('End Date: 03/01/2028')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const update = requests.find((request) => request.path === '/warranties.update');
    expect(update?.body).toEqual({
      warrantyId: 9,
      companyId: 2,
      assetIds: [40],
      label: 'Factory warranty',
      duration: 'P3Y',
      startDate: '2025-03-01',
      isSample: true,
      timeZoneId: 'Europe/Berlin',
    });
  });

  it('says No for a warranty that is not a sample, and Expired once over', async () => {
    renderViewer('/user/warranties/[9]', ['warranties:read'], {
      warranties: [buildWarranty({ isSample: false, state: 'EXPIRED', isExpired: true })],
    });
    const card = await screen.findByLabelText('Warranty: 9');
    expect(within(card).getByLabelText('Sample')).toHaveValue('No');
    expect(within(card).getByLabelText('Status')).toHaveValue('Expired');
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
