import { CHUNK_LOAD_TIMEOUT_MS } from '@kelvin/domain';

/** Spec platform-core 8: a code chunk that has not arrived after 120 s fails with ChunkLoadError. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A stylesheet chunk that fails (Vite's "Unable to preload CSS") carries the spec's code. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** The import, or a ChunkLoadError once it has taken longer than the spec's timeout. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk failed (timeout: ${timeoutMs / 1000} s)`)),
      timeoutMs,
    );
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** Marks Vite's stylesheet preload failure with the spec's code; a script's failure is left as it is. */
export function markCssChunkError(error: unknown): void {
  if (error instanceof Error && /Unable to preload CSS/i.test(error.message)) {
    Object.assign(error, { code: CSS_CHUNK_LOAD_FAILED });
  }
}
