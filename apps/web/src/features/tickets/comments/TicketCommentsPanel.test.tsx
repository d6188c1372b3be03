import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, TicketComment } from '@kelvin/contract';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import type { FileSender } from '../../uploads/putWithProgress.ts';
import { buildTicket, buildTicketUser } from '../details/ticketTestData.ts';
import { TicketCommentsPanel } from './TicketCommentsPanel.tsx';

afterEach(() => vi.unstubAllGlobals());

const LIMIT_MESSAGE = 'Error encountered while creating attachment: File exceeds maximum size of 300MB.';

function comment(overrides: Partial<TicketComment>): TicketComment {
  return {
    commentId: 1,
    ticketId: 42,
    isDeleted: false,
    userId: 7,
    userName: 'Sam Staff',
    createdAt: '2026-11-21T09:30:00.000Z',
    updatedAt: '2026-11-21T09:30:00.000Z',
    comment: 'Filters replaced.',
    visibility: 'INTERNAL',
    commentAttachments: [],
    ...overrides,
  };
}

function file(name: string, size?: number): File {
  const made = new File(['photo bytes'], name, { type: 'image/jpeg' });
  // A 300MB file is not built in memory: only its size matters before anything is sent.
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}

function renderPanel({
  comments = [],
  me = buildTicketUser(),
  sendFile,
  listStatus,
  frozen = false,
}: {
  comments?: TicketComment[];
  me?: CurrentUser;
  sendFile?: FileSender;
  listStatus?: number;
  frozen?: boolean;
}) {
  let nextId = 100;
  const api = fakeApi([
    {
      method: 'POST',
      path: /^\/tickets\.comments\.list$/,
      reply: () =>
        listStatus
          ? { status: listStatus, body: { message: 'You do not have permission to do this.' } }
          : { body: { content: comments } },
    },
    {
      method: 'POST',
      path: /^\/tickets\.comments\.create$/,
      reply: () => {
        nextId += 1;
        return { body: comment({ commentId: nextId }) };
      },
    },
    { method: 'POST', path: /^\/tickets\.comments\.update$/, reply: { body: comment({}) } },
    { method: 'POST', path: /^\/tickets\.comments\.delete$/, reply: { body: comment({ isDeleted: true }) } },
    {
      method: 'POST',
      path: /^\/tickets\.attachments\.createUpload$/,
      reply: { body: { ticketAttachmentId: 9, uploadUrl: '/ticket-attachments/9?signature=s' } },
    },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, me);
  renderWithRouter(
    [
      {
        path: '/',
        element: (
          <TicketCommentsPanel
            ticket={buildTicket({ isFrozen: frozen })}
            {...(sendFile ? { sendFile } : {})}
          />
        ),
      },
    ],
    { queryClient },
  );
  return api;
}

const bodiesOf = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests.filter((request) => request.path === path).map((request) => request.body);

describe('TicketCommentsPanel', { timeout: 20_000 }, () => {
  it('lists comments newest first with author, time and visibility badge', async () => {
    renderPanel({
      comments: [
        comment({ commentId: 2, comment: 'Customer told.', visibility: 'EXTERNAL', userName: 'Tess Tech' }),
        comment({ commentId: 1, comment: 'Margin thin.' }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Comments' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Customer told.')).toBeInTheDocument();
    expect(within(items[0]!).getByText('External')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Tess Tech')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Internal')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/2026|21/)).toBeInTheDocument();
  });

  it('adds an Internal comment by default, and an External one when chosen', async () => {
    const user = userEvent.setup();
    const api = renderPanel({});
    expect(await screen.findByText(/No comments yet\. Write the first one/)).toBeInTheDocument();
    const composer = screen.getByRole('form', { name: 'New comment' });
    await user.click(within(composer).getByLabelText('New comment'));
    await user.paste('Checked the belts.');
    await user.click(within(composer).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(bodiesOf(api, '/tickets.comments.create')).toHaveLength(1));
    expect(bodiesOf(api, '/tickets.comments.create')[0]).toEqual({
      ticketId: 42,
      comment: 'Checked the belts.',
      visibility: 'INTERNAL',
    });

    await user.click(within(composer).getByLabelText('New comment'));
    await user.paste('Visit booked for Monday.');
    await user.click(within(composer).getByRole('radio', { name: 'External' }));
    await user.click(within(composer).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(bodiesOf(api, '/tickets.comments.create')).toHaveLength(2));
    expect(bodiesOf(api, '/tickets.comments.create')[1]).toMatchObject({ visibility: 'EXTERNAL' });
  });

  it('gives an external user no visibility choice and no badge', async () => {
    const user = userEvent.setup();
    const api = renderPanel({
      me: buildTicketUser({ external: true }),
      comments: [comment({ visibility: 'EXTERNAL', comment: 'Visit booked.' })],
    });
    const composer = await screen.findByRole('form', { name: 'New comment' });
    // Everything they see is External: neither a choice nor a badge.
    expect(await screen.findByText('Visit booked.')).toBeInTheDocument();
    expect(screen.queryByText('External')).not.toBeInTheDocument();
    expect(within(composer).queryByRole('radio', { name: 'External' })).not.toBeInTheDocument();
    await user.click(within(composer).getByLabelText('New comment'));
    await user.paste('Thanks!');
    await user.click(within(composer).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(bodiesOf(api, '/tickets.comments.create')).toHaveLength(1));
    expect(bodiesOf(api, '/tickets.comments.create')[0]).toEqual({ ticketId: 42, comment: 'Thanks!' });
  });

  it("attaches files to the new comment with progress, refusing a 300MB one with the spec's message", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const sendFile: FileSender = (url, picked, { onProgress }) => {
      sent.push(`${picked.name} -> ${url}`);
      onProgress(0.5);
      return Promise.resolve();
    };
    const api = renderPanel({ sendFile });
    const composer = await screen.findByRole('form', { name: 'New comment' });
    await user.upload(within(composer).getByLabelText('Attach files'), [
      file('huge.mov', 300_000_000),
      file('coil.jpg'),
    ]);
    expect(within(composer).getByText(LIMIT_MESSAGE)).toBeInTheDocument();
    await user.click(within(composer).getByLabelText('New comment'));
    await user.paste('Photos of the coil.');
    await user.click(within(composer).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(sent).toEqual(['coil.jpg -> /ticket-attachments/9?signature=s']));
    const uploads = bodiesOf(api, '/tickets.attachments.createUpload');
    expect(uploads).toEqual([
      { ticketId: 42, commentId: 101, filename: 'coil.jpg', fileSizeInBytes: 11, contentType: 'image/jpeg' },
    ]);
  });

  it('lets only the author edit and delete, deleting after confirmation', async () => {
    const user = userEvent.setup();
    const api = renderPanel({
      comments: [
        comment({ commentId: 2, userId: 99, userName: 'Other Person', comment: 'Not mine.' }),
        comment({ commentId: 1, comment: 'Mine.' }),
      ],
    });
    const others = await screen.findByRole('listitem', { name: 'Comment by Other Person' });
    expect(within(others).queryByRole('button', { name: 'Edit comment' })).not.toBeInTheDocument();
    const mine = screen.getByRole('listitem', { name: 'Comment by Sam Staff' });

    await user.click(within(mine).getByRole('button', { name: 'Edit comment' }));
    const text = within(mine).getByLabelText('Comment text');
    await user.clear(text);
    await user.click(text);
    await user.paste('Mine, corrected.');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(api, '/tickets.comments.update')).toEqual([
        { commentId: 1, comment: 'Mine, corrected.', visibility: 'INTERNAL' },
      ]),
    );

    await user.click(within(mine).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(bodiesOf(api, '/tickets.comments.delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesOf(api, '/tickets.comments.delete')).toEqual([{ commentId: 1 }]));
  });

  it('shows a deleted comment as deleted, and no composer on a frozen ticket', async () => {
    renderPanel({ comments: [comment({ isDeleted: true, comment: '' })], frozen: true });
    expect(await screen.findByText('This comment was deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
  });

  it('says what went wrong when the comments cannot be loaded', async () => {
    renderPanel({ listStatus: 403 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Comments could not be loaded');
    expect(alert).toHaveTextContent('You do not have permission to do this.');
  });
});
