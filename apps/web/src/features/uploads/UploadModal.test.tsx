import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import type { FileSender } from './putWithProgress.ts';
import { UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import { UploadModal } from './UploadModal.tsx';

afterEach(() => vi.unstubAllGlobals());

function gzFile(name: string, size?: number): File {
  const file = new File(['gzip bytes'], name, { type: 'application/gzip' });
  // A 300MB file is not built in memory: only its size matters before anything is sent.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A sender the test drives: each call waits until the test reports progress and finishes it. */
function controlledSender() {
  const calls: { url: string; file: File; progress: (fraction: number) => void; finish: () => void }[] = [];
  const send: FileSender = (url, file, { onProgress }) =>
    new Promise<void>((resolve) => {
      calls.push({ url, file, progress: onProgress, finish: resolve });
    });
  return { send, calls };
}

function renderModal(sendFile: FileSender) {
  let created = 0;
  const api = fakeApi([
    {
      method: 'POST',
      path: /^\/fileAttachments\.createAssetDataAttachmentUploadSignedUrl$/,
      reply: () => {
        created += 1;
        return {
          body: {
            fileAttachmentId: created,
            requestId: `r-${created}`,
            uploadUrl: `/uploads/r-${created}?s=1`,
          },
        };
      },
    },
  ]);
  const onUploaded = vi.fn();
  const onClose = vi.fn();
  renderWithRouter([
    {
      path: '/',
      element: <UploadModal opened onClose={onClose} onUploaded={onUploaded} sendFile={sendFile} />,
    },
  ]);
  return { api, onUploaded, onClose };
}

describe('UploadModal', () => {
  it("lists each file with name and size, refuses a 300MB file with the spec's message, and never sends it", async () => {
    const user = userEvent.setup();
    const sender = controlledSender();
    const { api } = renderModal(sender.send);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Asset Data' });
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(screen.getByLabelText('Select .gz files'), [
      gzFile('big.csv.gz', 300_000_000),
      gzFile('small.csv.gz'),
    ]);
    const files = within(dialog).getByRole('list', { name: 'Selected files' });
    expect(within(files).getByText('big.csv.gz')).toBeInTheDocument();
    expect(within(files).getByText('300.0 MB')).toBeInTheDocument();
    expect(within(files).getByText(UPLOAD_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(UPLOAD_LIMIT_MESSAGE).toBe(
      'Error encountered while creating attachment: File exceeds maximum size of 300MB.',
    );
    expect(within(files).getByText('10 B')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sender.calls).toHaveLength(1));
    expect(sender.calls[0]?.file.name).toBe('small.csv.gz');
    expect(api.requests.map((request) => request.body)).toEqual([
      { filename: 'small.csv.gz', fileSizeInBytes: 10 },
    ]);
  });

  it('shows progress and percent per file and goes Upload → Uploading... → ok, then refreshes', async () => {
    const user = userEvent.setup();
    const sender = controlledSender();
    const { onUploaded, onClose } = renderModal(sender.send);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Asset Data' });
    await user.upload(screen.getByLabelText('Select .gz files'), [gzFile('a.csv.gz'), gzFile('b.ndjson.gz')]);

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await waitFor(() => expect(sender.calls).toHaveLength(1));
    expect(sender.calls[0]?.url).toBe('/uploads/r-1?s=1');

    sender.calls[0]?.progress(0.42);
    const barA = await within(dialog).findByRole('progressbar', { name: 'Upload progress of a.csv.gz' });
    await waitFor(() => expect(barA).toHaveAttribute('aria-valuenow', '42'));
    expect(within(dialog).getByText('42%')).toBeInTheDocument();

    sender.calls[0]?.finish();
    await waitFor(() => expect(sender.calls).toHaveLength(2));
    expect(barA).toHaveAttribute('aria-valuenow', '100');
    sender.calls[1]?.progress(1);
    sender.calls[1]?.finish();

    const ok = await within(dialog).findByRole('button', { name: 'ok' });
    expect(onUploaded).toHaveBeenCalledOnce();
    expect(within(dialog).getAllByText('100%')).toHaveLength(2);
    await user.click(ok);
    expect(onClose).toHaveBeenCalled();
  });

  it("says when a file failed, with the server's reason", async () => {
    const user = userEvent.setup();
    const failing: FileSender = () => Promise.reject(new Error('This file has already been uploaded.'));
    renderModal(failing);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Asset Data' });
    await user.upload(screen.getByLabelText('Select .gz files'), [gzFile('a.csv.gz')]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'One or more of your selected attachments failed to upload properly.',
    );
    expect(within(dialog).getByText('This file has already been uploaded.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ok' })).toBeEnabled();
  });

  it('cancels: aborts the file being sent and closes', async () => {
    const user = userEvent.setup();
    let aborted = false;
    const hanging: FileSender = (_url, _file, { signal }) =>
      new Promise<void>((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        });
      });
    const { onClose } = renderModal(hanging);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Asset Data' });
    await user.upload(screen.getByLabelText('Select .gz files'), [gzFile('a.csv.gz')]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByRole('button', { name: 'Uploading...' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(aborted).toBe(true));
    expect(onClose).toHaveBeenCalled();
  });
});
