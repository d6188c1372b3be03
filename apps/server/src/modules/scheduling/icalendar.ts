/**
 * iCalendar (RFC 5545) text: the escaping of TEXT values, UTC date-times and line folding. Kept apart from what an
 * entry says so that the rules can be tested on their own and the feed stays one pass of string building.
 */

const TEXT_SPECIAL = /\r\n|[\\;,\r\n]/g;
const TEXT_ESCAPES: Record<string, string> = { '\\': '\\\\', ';': '\\;', ',': '\\,' };

/** TEXT value escaping (RFC 5545 3.3.11): `\` `;` `,` with a backslash, newlines (CRLF, CR or LF) as `\n`; one pass. */
export function escapeText(value: string): string {
  return value.replace(TEXT_SPECIAL, (match) => TEXT_ESCAPES[match] ?? '\\n');
}

/** A UTC DATE-TIME (form 2): 20260105T080000Z, cut out of the ISO form rather than reformatted. */
export function utcDateTime(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

const MAX_OCTETS = 75;

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): the continuation lines start with one space, which counts
 * toward their 75. A fold never splits a UTF-8 sequence: a line is cut before the character that would overflow.
 * ASCII lines (nearly all of them) are cut by slicing, one octet a character; only others are walked per character.
 */
export function foldLine(line: string): string {
  if (ASCII.test(line)) {
    if (line.length <= MAX_OCTETS) return line;
    const parts = [line.slice(0, MAX_OCTETS)];
    for (let at = MAX_OCTETS; at < line.length; at += MAX_OCTETS - 1)
      parts.push(line.slice(at, at + MAX_OCTETS - 1));
    return parts.join('\r\n ');
  }
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

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included, is one octet each
const ASCII = /^[\x00-\x7f]*$/;

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
