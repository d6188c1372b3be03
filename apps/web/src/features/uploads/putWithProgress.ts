/** Sends one file's bytes to a signed URL, reporting progress; rejects on failure or abort. */
export type FileSender = (
  url: string,
  file: File,
  options: { onProgress: (fraction: number) => void; signal: AbortSignal },
) => Promise<void>;

/**
 * The one place outside the API client that sends bytes: the signed upload URL takes the raw file (no bearer
 * token, no JSON), and only XMLHttpRequest reports upload progress (fetch has no upload progress events), which
 * the modal's per-file progress bar needs.
 */
export const putWithProgress: FileSender = (url, file, { onProgress, signal }) =>
  new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', 'application/gzip');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(messageOf(request) ?? `${request.status} ${url}`));
      }
    };
    request.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });

function messageOf(request: XMLHttpRequest): string | undefined {
  try {
    const body: unknown = JSON.parse(request.responseText);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not the JSON envelope (a proxy's page): the status line says enough.
  }
  return undefined;
}
