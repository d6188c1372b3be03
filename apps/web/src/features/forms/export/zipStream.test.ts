import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamZip, uniqueZipNames, type ZipEntrySource, type ZipProgress } from './zipStream.ts';

afterEach(() => vi.restoreAllMocks());

const encoder = new TextEncoder();

/** A stream that hands out the bytes in chunks of `chunk` bytes, as a download arrives. */
function chunked(bytes: Uint8Array, chunk = 3): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

const entry = (name: string, text: string): ZipEntrySource => {
  const bytes = encoder.encode(text);
  return { name, size: bytes.length, open: () => Promise.resolve(chunked(bytes)) };
};

/** jsdom's Blob has no arrayBuffer(): its FileReader reads it. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer
        ? resolve(new Uint8Array(reader.result))
        : reject(new Error('no bytes'));
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });

describe('streamed zip', () => {
  it('stores every file under its name with its bytes, reporting progress up to all bytes', async () => {
    const binary = new Uint8Array(70_000).map((_, index) => (index * 7) % 256);
    const text = 'Supply air 18.4 °C';
    const total = encoder.encode(text).length + binary.length;
    const progress: ZipProgress[] = [];
    const { blob, skipped } = await streamZip(
      [
        entry('report.txt', text),
        { name: 'photo.jpg', size: binary.length, open: () => Promise.resolve(chunked(binary, 4096)) },
      ],
      { signal: new AbortController().signal, onProgress: (step) => progress.push(step) },
    );
    expect(skipped).toEqual([]);
    expect(blob.type).toBe('application/zip');
    const files = unzipSync(await bytesOf(blob));
    expect(Object.keys(files)).toEqual(['report.txt', 'photo.jpg']);
    expect(new TextDecoder().decode(files['report.txt'])).toBe(text);
    expect(files['photo.jpg']).toEqual(binary);
    const last = progress.at(-1);
    expect(last).toMatchObject({ filesDone: 2, filesTotal: 2, bytesTotal: total });
    expect(last?.bytesDone).toBe(last?.bytesTotal);
    expect(progress.some((step) => step.current === 'photo.jpg' && step.bytesDone < total)).toBe(true);
  });

  it('opens the files one after another, never two at once', async () => {
    let open = 0;
    let most = 0;
    const slow = (name: string): ZipEntrySource => ({
      name,
      open: async () => {
        open += 1;
        most = Math.max(most, open);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const bytes = encoder.encode(name);
        let sent = false;
        return new ReadableStream({
          pull(controller) {
            if (sent) {
              open -= 1;
              return controller.close();
            }
            sent = true;
            controller.enqueue(bytes);
          },
        });
      },
    });
    await streamZip([slow('a'), slow('b'), slow('c')], { signal: new AbortController().signal });
    expect(most).toBe(1);
  });

  it('leaves out a file that fails to download, logs it and keeps the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { blob, skipped } = await streamZip(
      [
        entry('a.txt', 'first'),
        { name: 'gone.pdf', open: () => Promise.reject(new Error('403 Forbidden')) },
        entry('b.txt', 'second'),
      ],
      { signal: new AbortController().signal },
    );
    expect(skipped).toEqual([{ name: 'gone.pdf', reason: '403 Forbidden' }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('gone.pdf'));
    const files = unzipSync(await bytesOf(blob));
    expect(Object.keys(files)).toEqual(['a.txt', 'b.txt']);
    expect(new TextDecoder().decode(files['b.txt'])).toBe('second');
  });

  it('stops with an AbortError when cancelled, opening nothing further', async () => {
    const controller = new AbortController();
    const second = vi.fn(() => Promise.resolve(chunked(encoder.encode('never'))));
    const first: ZipEntrySource = {
      name: 'a.txt',
      open: () => {
        controller.abort();
        return Promise.resolve(chunked(encoder.encode('x')));
      },
    };
    await expect(
      streamZip([first, { name: 'b.txt', open: second }], { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(second).not.toHaveBeenCalled();
  });

  it('makes names unique without losing their extension', () => {
    expect(
      uniqueZipNames(['photo.jpg', 'Photo.jpg', 'photo.jpg', 'notes', 'notes', '/abs\\path.txt']),
    ).toEqual(['photo.jpg', 'Photo (2).jpg', 'photo (3).jpg', 'notes', 'notes (2)', 'abs/path.txt']);
  });
});
