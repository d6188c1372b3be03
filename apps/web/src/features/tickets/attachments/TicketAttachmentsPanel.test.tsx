import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, TicketAttachment } from '@kelvin/contract';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import type { FileSender } from '../../uploads/putWithProgress.ts';
import { buildTicket, buildTicketUser } from '../details/ticketTestData.ts';
import { TicketAttachmentsPanel } from './TicketAttachmentsPanel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIMIT_MESSAGE = 'Error encountered while creating attachment: File exceeds maximum size of 300MB.';

function attachment(overrides: Partial<TicketAttachment>): TicketAttachment {
  return {
    ticketAttachmentId: 5,
    ticketId: 42,
    commentId: null,
    userId: 7,
    userName: 'Sam Staff',
    createdAt: '2026-11-21T09:30:00.000Z',
    contentType: 'application/pdf',
    filename: 'service-sheet.pdf',
    filepath: 'ticket-attachments/42/x',
    fileSizeInBytes: 1_250_000,
    description: 'Signed service sheet',
    ...overrides,
  };
}

function file(name: string, size?: number): File {
  const made = new File(['report bytes'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
}

function renderPanel({
  files = [],
  me = buildTicketUser(),
  sendFile,
}: {
  files?: TicketAttachment[];
  me?: CurrentUser;
  sendFile?: FileSender;
}) {
  const api = fakeApi([
    { method: 'POST', path: /^\/tickets\.attachments\.list$/, reply: { body: { content: files } } },
    {
      method: 'POST',
      path: /^\/tickets\.attachments\.createUpload$/,
      reply: { body: { ticketAttachmentId: 9, uploadUrl: '/ticket-attachments/9?signature=s' } },
    },
    {
      method: 'POST',
      path: /^\/tickets\.attachments\.getDownloadSignedUrl$/,
      reply: { body: { url: 'http://localhost/files/ticket-attachments/42/x?signature=d' } },
    },
    { method: 'POST', path: /^\/tickets\.attachments\.delete$/, reply: { body: { ticketAttachmentId: 5 } } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, me);
  renderWithRouter(
    [
      {
        path: '/',
        element: <TicketAttachmentsPanel ticket={buildTicket()} {...(sendFile ? { sendFile } : {})} />,
      },
    ],
    { queryClient },
  );
  return api;
}

const bodiesOf = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests.filter((request) => request.path === path).map((request) => request.body);

describe('TicketAttachmentsPanel', { timeout: 20_000 }, () => {
  it('lists files with description, size and uploader, and downloads by a signed URL', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, href: window.location.href, origin: window.location.origin });
    const api = renderPanel({
      files: [
        attachment({}),
        attachment({
          ticketAttachmentId: 6,
          description: null,
          commentId: 3,
          filename: 'coil.jpg',
          fileSizeInBytes: 900,
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Attachments' });
    expect(await within(table).findByText('Signed service sheet')).toBeInTheDocument();
    expect(within(table).getByText('1.3 MB')).toBeInTheDocument();
    expect(within(table).getByText('No description')).toBeInTheDocument();
    expect(within(table).getByText('Comment')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'service-sheet.pdf' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/files/ticket-attachments/42/x?signature=d'),
    );
    expect(bodiesOf(api, '/tickets.attachments.getDownloadSignedUrl')).toEqual([{ ticketAttachmentId: 5 }]);
  });

  it('uploads with a description and progress, and never sends a 300MB file', async () => {
    const user = userEvent.setup();
    let progress: ((fraction: number) => void) | undefined;
    let finish: (() => void) | undefined;
    const sendFile: FileSender = (_url, _file, { onProgress }) =>
      new Promise<void>((resolve) => {
        progress = onProgress;
        finish = resolve;
      });
    const api = renderPanel({ sendFile });
    expect(await screen.findByText(/No files yet\. Upload photos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files' });
    await user.upload(within(dialog).getByLabelText('Select files'), [
      file('video.mov', 300_000_000),
      file('report.pdf'),
    ]);
    expect(within(dialog).getByText(LIMIT_MESSAGE)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Description/));
    await user.paste('Pressure test');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(progress).toBeDefined());
    progress?.(0.4);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Upload progress of report.pdf')).toHaveAttribute(
        'aria-valuenow',
        '40',
      ),
    );
    finish?.();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload files' })).not.toBeInTheDocument(),
    );
    expect(bodiesOf(api, '/tickets.attachments.createUpload')).toEqual([
      {
        ticketId: 42,
        filename: 'report.pdf',
        fileSizeInBytes: 12,
        contentType: 'application/pdf',
        description: 'Pressure test',
      },
    ]);
  });

  it('lets an external user remove only their own files, after confirming', async () => {
    const user = userEvent.setup();
    const api = renderPanel({
      me: buildTicketUser({ external: true }),
      files: [attachment({}), attachment({ ticketAttachmentId: 6, userId: 99, filename: 'staff.pdf' })],
    });
    await screen.findByRole('button', { name: 'staff.pdf' });
    expect(screen.queryByRole('button', { name: 'Delete staff.pdf' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete service-sheet.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete service-sheet.pdf?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(bodiesOf(api, '/tickets.attachments.delete')).toEqual([{ ticketAttachmentId: 5 }]),
    );
  });

  it('offers no upload to a reader', async () => {
    renderPanel({ me: buildTicketUser({ write: false }) });
    expect(await screen.findByText('No files attached to this ticket.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload file' })).not.toBeInTheDocument();
  });
});
