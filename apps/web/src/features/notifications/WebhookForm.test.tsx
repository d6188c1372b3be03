import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';

const REFUSED = 'Address not allowed: webhooks are sent to public internet addresses only';

function renderCard(create: FakeRoute['reply']) {
  const api = fakeApi([
    { method: 'POST', path: /^\/webhooks\.list$/, reply: { body: [] } },
    { method: 'POST', path: /^\/webhooks\.create$/, reply: create },
  ]);
  renderWithRouter([{ path: '/', element: <WebhooksCard companyId={2} companyName="Acme Cooling" /> }]);
  return api;
}

async function submitWebhook(url: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pager');
  await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), url);
  await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
  return { user, dialog };
}

describe('webhook form, refused by the server', () => {
  it('shows a refused address once, under the URL field, which it marks invalid', async () => {
    renderCard({
      status: 400,
      body: { message: REFUSED, code: 'BAD_REQUEST', details: [{ field: 'body.url', message: REFUSED }] },
    });
    const { user, dialog } = await submitWebhook('https://10.0.0.1/hook');
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    expect(await within(dialog).findByText(REFUSED)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining(REFUSED));
    // Once: no alert above the buttons, no toast.
    expect(screen.getAllByText(REFUSED)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    // Gone as soon as the address is changed.
    await user.type(url, 'x');
    expect(within(dialog).queryByText(REFUSED)).toBeNull();
    expect(url).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a refusal naming no field once, above the buttons', async () => {
    renderCard({ status: 403, body: { message: 'You may not manage webhooks here.', code: 'FORBIDDEN' } });
    const { dialog } = await submitWebhook('https://pager.example/hook');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not manage webhooks here.');
    expect(screen.getAllByText('You may not manage webhooks here.')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'URL' })).not.toHaveAttribute('aria-invalid', 'true');
  });
});
