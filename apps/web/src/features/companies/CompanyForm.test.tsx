import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import type { CompanyFields } from './companiesQueries.ts';
import { CompanyForm } from './CompanyForm.tsx';

function renderForm(onSubmit: (fields: CompanyFields) => Promise<unknown>) {
  renderWithRouter([
    { path: '/', element: <CompanyForm submitLabel="Create company" onSubmit={onSubmit} /> },
  ]);
}

describe('CompanyForm', () => {
  it('requires a name and a plan and limits the NetSuite id as the contract does', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderForm(onSubmit);

    await user.type(screen.getByRole('textbox', { name: 'NetSuite customer internal id' }), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a plan')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'NetSuite customer internal id' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends trimmed fields with the chosen plan, a blank NetSuite id as null', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((_fields: CompanyFields) => Promise.resolve());
    renderForm(onSubmit);

    await user.type(screen.getByRole('textbox', { name: 'Company name' }), ' Polar Data ');
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: 'Enhanced Support' }));
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Polar Data',
      netSuiteCustomerInternalId: null,
      subscription: 'ENHANCED_SUPPORT',
    });
  });
});
