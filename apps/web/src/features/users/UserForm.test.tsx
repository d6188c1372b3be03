import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/index.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { UserForm, type UserFormSubmit } from './UserForm.tsx';

const roles = [
  { roleId: 3, name: 'Customer Administrator' },
  { roleId: 4, name: 'Customer Operator' },
];

function renderCreateForm(onSubmit: (submit: UserFormSubmit) => Promise<unknown>) {
  renderWithRouter([
    {
      path: '/',
      element: (
        <UserForm
          mode={{ kind: 'create', companyId: 5, roles }}
          submitLabel="Create user"
          onSubmit={onSubmit}
        />
      ),
    },
  ]);
}

describe('UserForm', () => {
  it('checks the required name, the email format and the password length before sending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderCreateForm(onSubmit);

    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Nina Nord');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nina@example');
    await user.type(screen.getByLabelText('Initial password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('The password needs at least 12 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the parsed input with the chosen roles, blanks as null', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((_submit: UserFormSubmit) => Promise.resolve());
    renderCreateForm(onSubmit);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Nina Nord ');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nina@example.com');
    await user.click(screen.getByRole('combobox', { name: 'Roles' }));
    await user.click(await screen.findByRole('option', { name: 'Customer Operator' }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(onSubmit).toHaveBeenCalledWith({
      kind: 'create',
      input: {
        name: 'Nina Nord',
        email: 'nina@example.com',
        role: null,
        primaryPhone: null,
        secondaryPhone: null,
        location: null,
        companyId: 5,
        roleIds: [4],
      },
    });
  });

  it("shows the server's message when it refuses", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(
      new Response(null, { status: 409 }),
      { message: 'A user with this email already exists.' },
      '/api/users.create',
    );
    renderCreateForm(() => Promise.reject(refusal));

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Nina Nord');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nina@example.com');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this email already exists.');
  });
});
