import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderTicket } from '../tickets/details/renderTicket.tsx';
import { buildTicket } from '../tickets/details/ticketTestData.ts';

const coveredAsset = {
  assetId: 40,
  companyId: 2,
  displayName: 'NW-CRAH-01',
  assetTypeName: 'Unit',
  activeCoverage: {
    contracts: [{ contractId: 5, label: 'Gold care', coversParts: true }],
    warranties: [{ warrantyId: 9, label: 'Factory warranty' }],
    label: 'Contract' as const,
  },
};

describe('a ticket shows its coverage and why it is or is not billable', () => {
  it('links each asset to the contract and warranty covering it, and says the ticket is covered', async () => {
    renderTicket({
      ticket: buildTicket({
        assets: [coveredAsset],
        coveredByContractId: 5,
        coveredByWarrantyId: 9,
        isBillable: false,
        netSuiteBillingState: 'NOT_BILLABLE',
      }),
    });
    const assets = await screen.findByRole('list', { name: 'Ticket assets' });
    expect(
      within(assets).getByRole('link', { name: 'Contract: Gold care (parts included)' }),
    ).toHaveAttribute('href', '/user/contracts/[5]');
    expect(within(assets).getByRole('link', { name: 'Warranty: Factory warranty' })).toHaveAttribute(
      'href',
      '/user/warranties/[9]',
    );
    expect(screen.getByText(/^Coverage on the ticket's date/)).toBeInTheDocument();
    const billing = screen.getByRole('form', { name: 'Ticket billing' });
    expect(
      within(billing).getByText(/^Not billable: covered by contract 'Gold care' \(Contract 5\)/),
    ).toHaveTextContent('Its parts are at no charge.');
  });

  it('says an uncovered billable ticket waits for a sales order, and names a missing kind of coverage', async () => {
    renderTicket({
      ticket: buildTicket({
        assets: [
          {
            ...coveredAsset,
            activeCoverage: {
              contracts: [],
              warranties: [{ warrantyId: 9, label: 'Factory warranty' }],
              label: 'Warranty',
            },
          },
        ],
        isBillable: true,
        netSuiteBillingState: 'PENDING_SALES_ORDER',
      }),
    });
    const assets = await screen.findByRole('list', { name: 'Ticket assets' });
    expect(within(assets).getByText('No Contract')).toBeInTheDocument();
    const billing = screen.getByRole('form', { name: 'Ticket billing' });
    expect(
      within(billing).getByText(
        "Billable: no contract or warranty covers all its assets on the ticket's date. It waits for a sales order.",
      ),
    ).toBeInTheDocument();
  });
});
