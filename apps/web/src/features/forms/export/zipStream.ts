/** One file of a zip: its path inside the zip, its size if known (for progress) and how to read its bytes. */
export interface ZipEntrySource {
  name: string;
  size?: number;
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
}

/** How far a zip has come: files finished (written or skipped) and bytes written of those known. */
export interface ZipProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  /** The sum of the entries' known sizes; 0 when none is known. */
  bytesTotal: number;
  /** The file being read, if any. */
  current?: string;
}

export interface ZipResult {
  blob: Blob;
  /** Entries that could not be read (spec: bulk export errors are only logged); they are not in the zip. */
  skipped: { name: string; reason: string }[];
}

/**
 * Written bytes wait in memory up to this much, then join the Blob built so far: a browser keeps a large Blob out
 * of the page's heap (Chromium spills it to disk), so a zip of many large files does not grow the tab.
 */
const FLUSH_BYTES = 8 * 1024 * 1024;

/** A zip's bytes gathered into one Blob as fflate writes them. */
class BlobSink {
  private blob = new Blob([]);
  private pending: Uint8Array<ArrayBuffer>[] = [];
  private pendingBytes = 0;

  write(chunk: Uint8Array): void {
    // fflate may reuse its buffers: keep a copy.
    this.pending.push(new Uint8Array(chunk));
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    this.blob = new Blob([this.blob, ...this.pending]);
    this.pending = [];
    this.pendingBytes = 0;
  }

  finish(type: string): Blob {
    this.flush();
    return new Blob([this.blob], { type });
  }
}

/** Names made unique inside the zip: a second 'photo.jpg' becomes 'photo (2).jpg'. */
export function uniqueZipNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const name = raw.replace(/\\/g, '/').replace(/^\/+/, '') || 'file';
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
    const dot = name.lastIndexOf('.');
    const slash = name.lastIndexOf('/');
    const [stem, ext] = dot > slash + 1 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let copy = 2;
    while (used.has(`${stem} (${copy})${ext}`.toLowerCase())) copy += 1;
    const unique = `${stem} (${copy})${ext}`;
    used.add(unique.toLowerCase());
    return unique;
  });
}

/**
 * A zip of the entries, read one after another and stored as they are (ZipPassThrough: attachments are mostly
 * photos and PDFs, already compressed), so at most one file's chunk is in flight and memory stays flat. An entry
 * that fails to open or read is left out and reported in `skipped`; an abort stops at once with the signal's reason (an AbortError).
 */
export async function streamZip(
  entries: readonly ZipEntrySource[],
  options: { signal: AbortSignal; onProgress?: (progress: ZipProgress) => void },
): Promise<ZipResult> {
  const { signal, onProgress } = options;
  // Loaded when a zip starts, like exceljs: the form screen that offers the download does not carry it.
  const { Zip, ZipPassThrough } = await import('fflate');
  const sink = new BlobSink();
  // Set by fflate's callback, which TypeScript cannot follow: a holder rather than a let.
  const written: { failure: Error | null } = { failure: null };
  const zip = new Zip((error, chunk) => {
    if (error) written.failure = error;
    else sink.write(chunk);
  });
  const names = uniqueZipNames(entries.map((entry) => entry.name));
  const bytesTotal = entries.reduce((sum, entry) => sum + (entry.size ?? 0), 0);
  const skipped: ZipResult['skipped'] = [];
  let bytesDone = 0;
  const report = (filesDone: number, current?: string) =>
    onProgress?.({ filesDone, filesTotal: entries.length, bytesDone, bytesTotal, current });

  for (const [index, entry] of entries.entries()) {
    signal.throwIfAborted();
    const name = names[index] ?? entry.name;
    report(index, name);
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    let file: InstanceType<typeof ZipPassThrough> | null = null;
    try {
      reader = (await entry.open(signal)).getReader();
      // The file joins the zip only once it opened: a failed download leaves no empty entry behind.
      file = new ZipPassThrough(name);
      file.mtime = new Date();
      zip.add(file);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        file.push(value);
        bytesDone += value.byteLength;
        report(index, name);
      }
      file.push(new Uint8Array(0), true);
      file = null;
    } catch (error) {
      signal.throwIfAborted();
      const reason = error instanceof Error ? error.message : String(error);
      // Spec: bulk export errors are only logged. A file broken off mid-way cannot be taken back out of the zip:
      // it is closed where it broke (the zip waits for it otherwise) and reported as incomplete.
      if (file) file.push(new Uint8Array(0), true);
      console.warn(`Export: ${file ? 'cut short' : 'left out'} ${name}: ${reason}`);
      skipped.push({ name, reason: file ? `incomplete: ${reason}` : reason });
      await reader?.cancel().catch(() => undefined);
    }
    if (written.failure) throw written.failure;
  }
  zip.end();
  if (written.failure) throw written.failure;
  report(entries.length);
  return { blob: sink.finish('application/zip'), skipped };
}
