import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MonitorGroup } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { AssetMonitorGroupFields } from './AssetMonitorGroupFields.tsx';
import { buildGroup, buildRule, signInCustomer } from './monitorGroupsTestData.ts';

function Harness({ initial }: { initial: number | null }) {
  const [chosen, setChosen] = useState<number | null>(initial);
  return (
    <>
      <AssetMonitorGroupFields
        companyId={2}
        companyName="Acme Cooling"
        monitorGroupId={chosen}
        onChange={setChosen}
        disabled={false}
      />
      <output aria-label="Chosen">{String(chosen)}</output>
    </>
  );
}

function renderFields(initial: number | null, groups: MonitorGroup[]) {
  fakeApi([
    { method: 'POST', path: /^\/monitorGroups\.list$/, reply: { body: groups } },
    {
      method: 'POST',
      path: /^\/problemRuleDefinitions\.list$/,
      reply: {
        body: [
          buildRule(),
          buildRule({
            problemRuleDefinitionId: 12,
            companyId: 1,
            name: 'Unit silent',
            kind: 'COMMUNICATION_LOST',
            condition: { kind: 'COMMUNICATION_LOST', subject: 'ASSET' },
          }),
        ],
      },
    },
  ]);
  const queryClient = createQueryClient();
  signInCustomer(queryClient, { write: false });
  return renderWithRouter([{ path: '/', element: <Harness initial={initial} /> }], { queryClient });
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the asset’s monitor group', () => {
  it('offers the company’s groups and the library’s, and shows the chosen group’s rules', async () => {
    const user = userEvent.setup();
    renderFields(5, [
      buildGroup(),
      buildGroup({ monitorGroupId: 6, companyId: 1, name: 'Standard CRAH', problemRuleDefinitionIds: [12] }),
    ]);
    const select = screen.getByRole('combobox', { name: 'Monitor group' });
    expect(await screen.findByRole('article', { name: 'Supply air too warm' })).toBeInTheDocument();
    expect(select).toHaveValue('CRAH watch (1 rule)');
    await user.click(select);
    expect(screen.getByText('Acme Cooling groups')).toBeInTheDocument();
    expect(screen.getByText('Library groups')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Standard CRAH (1 rule)' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('6');
    expect(await screen.findByRole('article', { name: 'Unit silent' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Standard CRAH' })).toHaveAttribute(
      'href',
      '/user/admin/companies/2/monitorGroups/6',
    );
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'No monitor group' }));
    expect(
      screen.getByText('Without a monitor group no problem rule watches this asset.'),
    ).toBeInTheDocument();
  }, 30_000);

  it('says where to create a group when there is none', async () => {
    renderFields(null, []);
    expect(
      await screen.findByRole('link', { name: 'Create one under the company’s monitor groups' }),
    ).toHaveAttribute('href', '/user/admin/companies/2/monitorGroups');
  });

  it('flags a stored group the company may not hold', async () => {
    renderFields(99, [buildGroup()]);
    expect(
      await screen.findByText('Monitor group 99 is not one this asset’s company may hold; choose another.'),
    ).toBeInTheDocument();
  });
});
