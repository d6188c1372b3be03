/**
 * iCalendar (RFC 5545) text: the escaping of TEXT values, UTC date-times and line folding. Kept apart from what an
 * entry says so that the rules can be tested on their own and the feed stays one pass of string building.
 */

/** TEXT value escaping (RFC 5545 3.3.11): backslash first, then `;` `,` and newlines (CRLF, CR or LF) as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC DATE-TIME (form 2): 20260105T080000Z. */
export function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();
const MAX_OCTETS = 75;

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): the continuation lines start with one space, which counts
 * toward their 75. A fold never splits a UTF-8 sequence: a line is cut before the character that would overflow.
 * Lines of ASCII alone (nearly all of them) skip the per-character walk.
 */
export function foldLine(line: string): string {
  if (line.length <= MAX_OCTETS && isAscii(line)) return line;
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = octetsOf(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

function octetsOf(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code <= 0x7f) return 1;
  if (code <= 0x7ff) return 2;
  if (code <= 0xffff) return 3;
  return 4;
}

/** A property line `NAME:value`, folded; `value` must already be escaped where it is TEXT. */
export const property = (name: string, value: string) => foldLine(`${name}:${value}`);

/** Joins content lines with CRLF, ending with one, as the format wants. */
export const joinLines = (lines: readonly string[]) => `${lines.join('\r\n')}\r\n`;
