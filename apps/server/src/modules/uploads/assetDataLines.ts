import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';

/** A problem with the file itself; its message is the upload's failure reason, shown to the user as is. */
export class UploadRejected extends Error {
  override readonly name = 'UploadRejected';
}

export const NOT_GZIP = 'The file is not valid gzip data.';
/** One line holds one point; a longer line is a wrong file, and buffering it would only cost memory. */
export const MAX_LINE_CHARS = 64 * 1024;

function isZlibError(error: unknown): boolean {
  return (
    error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_')
  );
}

/**
 * The decompressed text of a .gz file, line by line with 1-based line numbers, streamed so that memory stays
 * flat however large the file is. Concatenated gzip members are read as one file (zlib does that). A corrupt
 * or truncated stream rejects with NOT_GZIP.
 */
export async function* gzipLines(source: Readable): AsyncGenerator<{ line: number; text: string }> {
  const gunzip = createGunzip();
  // pipe() does not forward the source's errors; the consumer must see a failed read rather than wait forever.
  source.once('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let line = 0;
  try {
    for await (const chunk of gunzip) {
      pending += Buffer.isBuffer(chunk) ? decoder.write(chunk) : String(chunk);
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        line += 1;
        yield { line, text: stripLineEnd(pending.slice(0, newline), line) };
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      if (pending.length > MAX_LINE_CHARS) {
        throw new UploadRejected(`Line ${line + 1}: the line is longer than ${MAX_LINE_CHARS} characters.`);
      }
    }
  } catch (error) {
    if (isZlibError(error)) throw new UploadRejected(NOT_GZIP);
    throw error;
  } finally {
    source.unpipe(gunzip);
    gunzip.destroy();
    source.destroy();
  }
  pending += decoder.end();
  if (pending.length > 0) yield { line: line + 1, text: stripLineEnd(pending, line + 1) };
}

function stripLineEnd(text: string, line: number): string {
  const withoutCr = text.endsWith('\r') ? text.slice(0, -1) : text;
  // A byte order mark some spreadsheet tools write before the header.
  return line === 1 && withoutCr.startsWith('\uFEFF') ? withoutCr.slice(1) : withoutCr;
}

export interface CsvField {
  text: string;
  /** A quoted field is always text, so "42" can be sent as the text 42. */
  quoted: boolean;
}

/** Splits one CSV line (RFC 4180 quoting within the line); undefined when a quote is left open. */
export function splitCsvLine(text: string): CsvField[] | undefined {
  const fields: CsvField[] = [];
  let index = 0;
  for (;;) {
    if (text[index] === '"') {
      let value = '';
      index += 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote < 0) return undefined;
        value += text.slice(index, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          index = quote + 2;
          continue;
        }
        index = quote + 1;
        break;
      }
      if (index < text.length && text[index] !== ',') return undefined;
      fields.push({ text: value, quoted: true });
    } else {
      const comma = text.indexOf(',', index);
      const end = comma < 0 ? text.length : comma;
      fields.push({ text: text.slice(index, end).trim(), quoted: false });
      index = end;
    }
    if (index >= text.length) return fields;
    index += 1;
  }
}
