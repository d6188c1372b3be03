import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { buildTestForm, buildTestInstance } from '../../forms/screen/formScreenTestData.ts';
import { buildTicket } from './ticketTestData.ts';
import { TicketForms } from './TicketForms.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  const { form } = buildTestForm();
  const ticket = buildTicket({
    assets: [
      {
        assetId: 11,
        companyId: 2,
        displayName: 'CRAH 01',
        assetTypeName: 'CRAH',
        activeCoverage: { contracts: [], warranties: [], label: 'No Coverage' },
      },
      {
        assetId: 12,
        companyId: 2,
        displayName: 'CRAH 02',
        assetTypeName: 'CRAH',
        activeCoverage: { contracts: [], warranties: [], label: 'No Coverage' },
      },
    ],
  });
  const other = { ...form, formId: 9, label: 'Start-up commissioning', ticketTypeValues: [5] };
  const api = fakeApi([
    { method: 'POST', path: /^\/entities\.forms\.get$/, reply: { body: { content: [form, other] } } },
    {
      method: 'POST',
      path: /^\/entities\.forms\.listMetadata$/,
      reply: {
        body: {
          content: [
            buildTestInstance({ assetId: 11, isFormCompleted: true }),
            buildTestInstance({ assetId: 12, isFormCompleted: false }),
          ],
        },
      },
    },
  ]);
  renderWithRouter([{ path: '/', element: <TicketForms ticket={ticket} /> }]);
  return api;
}

describe('TicketForms', () => {
  it("lists each form offered on the ticket's type per asset with its status, linking to the form screen", async () => {
    const api = renderCard();
    const first = await screen.findByRole('region', { name: 'Forms of CRAH 01' });
    const link = within(first).getByRole('link', {
      name: 'Quarterly preventive maintenance for CRAH 01: Completed',
    });
    expect(link).toHaveAttribute('href', '/user/tickets/42/forms/3/11');
    expect(within(first).getByText('Completed')).toBeInTheDocument();
    const second = screen.getByRole('region', { name: 'Forms of CRAH 02' });
    expect(within(second).getByText('In progress')).toBeInTheDocument();
    // Offered only on another ticket type, and never filled here: not listed.
    expect(screen.queryByText('Start-up commissioning')).not.toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/entities.forms.get')?.body).toEqual({
      entityTypes: ['TICKET'],
      companyIds: [2],
    });
  });
});
