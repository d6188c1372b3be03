import type { Readable } from 'node:stream';
import { parserFor, type LineParser, type ParsedPoint } from './assetDataFormat.ts';
import { UploadRejected, gzipLines } from './assetDataLines.ts';

/**
 * The points of an asset data file in chunks of `chunkSize`, each with its line number. Blank lines are
 * skipped. Chunks fall on the same points every time the same file is read, which is what makes the chunks'
 * batch ids stable across restarts.
 */
export async function* readAssetData(source: Readable, chunkSize: number): AsyncGenerator<ParsedPoint[]> {
  let parse: LineParser | undefined;
  let chunk: ParsedPoint[] = [];
  for await (const { line, text } of gzipLines(source)) {
    if (!parse) {
      if (line === 1 && text.trim() === '') throw new UploadRejected('Line 1: the header is missing.');
      parse = parserFor(text);
      continue;
    }
    if (text.trim() === '') continue;
    chunk.push({ line, point: parse(line, text) });
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = [];
    }
  }
  if (!parse) throw new UploadRejected('The file is empty.');
  if (chunk.length > 0) yield chunk;
}
