import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@kelvin/contract';
import { buildAsset } from '../../../test/assetFactories.ts';
import type { FakeRequest } from '../../../test/fakeApi.ts';
import { bodiesOf, renderTicket } from './renderTicket.tsx';
import { OTHER_COMPANY_PERSON_REASON } from './TicketPeoplePanel.tsx';
import { buildTicket, buildTicketUser } from './ticketTestData.ts';

const LOADED = { timeout: 25_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a store of their own: one test's 'Ticket saved' must not appear in the next.
  act(() => notifications.clean());
});
// A whole page of panels renders in jsdom in a second or two, and much slower on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const candidates = [
  { userId: 8, name: 'Olav Owner', email: 'olav@example.com', companyName: 'Kelvin Service' },
  { userId: 9, name: 'Wanda Worker', email: 'wanda@example.com', companyName: 'Kelvin Service' },
];

const searchOf = (request: FakeRequest) =>
  typeof request.body === 'object' && request.body !== null && 'search' in request.body
    ? String(request.body.search)
    : '';

describe('ticket people', () => {
  it('lists people with their relation and removes one', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTicket();
    const people = await screen.findByRole('list', { name: 'Ticket people' }, LOADED);
    expect(within(people).getByText('Ada Operator')).toBeInTheDocument();
    expect(within(people).getByText('Requester')).toBeInTheDocument();
    await user.click(within(people).getByRole('button', { name: 'Remove Ada Operator as requester' }));
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.users.remove')).toEqual([
        { ticketId: 42, userId: 7, relationTypeEnumValue: 0 },
      ]),
    );
    expect(await screen.findByText(/No one is assigned yet/)).toBeInTheDocument();
  });

  it("shows a customer the removal of the provider's staff disabled, with the reason; their own people they remove", async () => {
    const user = userEvent.setup({ delay: null });
    const technician = {
      userId: 8,
      name: 'Tom Technician',
      email: 'tom@example.com',
      companyId: 1,
      relationTypeEnumKey: 'owner',
      relationTypeEnumValue: 1,
    };
    const ticket = buildTicket({ visibility: 'EXTERNAL', users: [...buildTicket().users, technician] });
    const { requests } = renderTicket({ ticket, me: buildTicketUser({ external: true }) });
    const people = await screen.findByRole('list', { name: 'Ticket people' }, LOADED);
    const refused = within(people).getByRole('button', { name: 'Remove Tom Technician as owner' });
    expect(refused).toHaveAttribute('aria-disabled', 'true');
    await user.hover(refused);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(OTHER_COMPANY_PERSON_REASON);
    await user.click(refused);

    const own = within(people).getByRole('button', { name: 'Remove Ada Operator as requester' });
    expect(own).not.toHaveAttribute('aria-disabled');
    await user.click(own);
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.users.remove')).toEqual([
        { ticketId: 42, userId: 7, relationTypeEnumValue: 0 },
      ]),
    );
  });

  it('assigns a person found by a server search with the chosen relation', async () => {
    const user = userEvent.setup({ delay: null });
    let ticket: Ticket = buildTicket();
    const { requests } = renderTicket({
      extra: [
        {
          method: 'POST',
          path: /^\/tickets\.assignableUsers$/,
          reply: (request) => ({
            body: candidates.filter((candidate) =>
              candidate.name.toLowerCase().includes(searchOf(request).toLowerCase()),
            ),
          }),
        },
        {
          method: 'POST',
          path: /^\/tickets\.users\.add$/,
          reply: () => {
            ticket = {
              ...ticket,
              users: [
                ...ticket.users,
                {
                  userId: 8,
                  name: 'Olav Owner',
                  email: 'olav@example.com',
                  companyId: 1,
                  relationTypeEnumKey: 'owner',
                  relationTypeEnumValue: 1,
                },
              ],
            };
            return { body: ticket };
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Add person' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person to ticket #42' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Relation' }));
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Person' }), 'olav');
    await waitFor(() => expect(requests.some((request) => searchOf(request) === 'olav')).toBe(true));
    await user.click(await screen.findByRole('option', { name: 'Olav Owner (olav@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.users.add')).toEqual([
        { ticketId: 42, userId: 8, relationTypeEnumValue: 1 },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a person to ticket #42' })).not.toBeInTheDocument(),
    );
    const people = screen.getByRole('list', { name: 'Ticket people' });
    expect(within(people).getByText('Olav Owner')).toBeInTheDocument();
    expect(within(people).getByText('Owner')).toBeInTheDocument();
  });
});

describe('ticket assets', () => {
  it("lists assets with their coverage, linking to the device page; without assets, the spec's placeholder", async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTicket();
    const assets = await screen.findByRole('list', { name: 'Ticket assets' }, LOADED);
    expect(within(assets).getByRole('link', { name: 'CRAH 01' })).toHaveAttribute('href', '/user/devices/4');
    expect(within(assets).getByText('No Coverage')).toBeInTheDocument();
    await user.click(within(assets).getByRole('button', { name: 'Remove CRAH 01' }));
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.assets.remove')).toEqual([{ ticketId: 42, assetIds: [4] }]),
    );
    expect(await screen.findByText('No Asset Information Available')).toBeInTheDocument();
  });

  it("adds an asset of the ticket's company from the asset tree", async () => {
    const user = userEvent.setup({ delay: null });
    const hall = buildAsset({
      assetId: 3,
      name: 'Hall 1',
      parentAssetId: null,
      companyId: 2,
      type: 'Data hall',
    });
    const crah = buildAsset({ assetId: 5, name: 'CRAH 02', parentAssetId: 3, companyId: 2, type: 'Unit' });
    const foreign = buildAsset({
      assetId: 9,
      name: 'Other CRAH',
      parentAssetId: null,
      companyId: 3,
      type: 'Unit',
    });
    const { requests } = renderTicket({
      ticket: buildTicket({ assets: [] }),
      extra: [
        { method: 'GET', path: /^\/assets(\?.*)?$/, reply: { body: [hall, crah, foreign] } },
        {
          method: 'POST',
          path: /^\/tickets\.assets\.add$/,
          reply: { body: buildTicket() },
        },
      ],
    });
    expect(await screen.findByText('No Asset Information Available', {}, LOADED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an asset to ticket #42' });
    const tree = await within(dialog).findByRole('tree', { name: 'Assets of Acme Cooling' });
    expect(within(tree).queryByText('Other CRAH')).not.toBeInTheDocument();
    expect(requests.find((request) => request.path.startsWith('/assets'))?.path).toContain('companyIds=2');
    await user.click(within(tree).getByText('CRAH 02'));
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.assets.add')).toEqual([{ ticketId: 42, assetIds: [5] }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'CRAH 01' })).toBeInTheDocument();
  });
});
