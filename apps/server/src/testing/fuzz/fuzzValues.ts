/** JSON text placed as is where a value stands: what JSON.stringify cannot write (1e400, 5,000 levels deep). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Values of every other type, to put where a field expects one. */
export const WRONG_TYPES: readonly unknown[] = [
  42,
  -7.5,
  'text',
  '',
  true,
  false,
  null,
  [],
  {},
  [1, 'a'],
  { a: 1 },
];

export const BOUNDARY_NUMBERS: readonly unknown[] = [
  0,
  -1,
  0.5,
  -2_147_483_648,
  2_147_483_647,
  2_147_483_648,
  new RawJson('9007199254740993'),
  new RawJson('-9007199254740993'),
  1e308,
  -1e308,
  5e-324,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('123456789012345678901234567890'),
];

export const NUMBERS_AS_TEXT: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '0x1F',
  ' 1',
  '1 ',
  '',
  '-0',
];

export const CONTROL_TEXTS: readonly string[] = [
  '\u0000',
  'north\u0000hall',
  '\u0001\u0008\u001b[31m\u007f',
  '\uD800',
  'tail \uDFFF',
  'line\r\nbreak\ttab',
  '\u202Eevil\u202C',
  "'; drop table users; --",
  '%00',
  '../../etc/passwd',
  '{{7*7}}',
  '<script>alert(1)</script>',
];

export const LONG_TEXT_LENGTHS: readonly number[] = [10_001, 100_001, 1_000_001];

export const DEEP_LEVELS = 5000;

export function deepNesting(kind: 'array' | 'object'): RawJson {
  return kind === 'array'
    ? new RawJson(`${'['.repeat(DEEP_LEVELS)}1${']'.repeat(DEEP_LEVELS)}`)
    : new RawJson(`${'{"a":'.repeat(DEEP_LEVELS)}1${'}'.repeat(DEEP_LEVELS)}`);
}

/** Path and query values that no id, flag or name should take. */
export const BAD_PARAMETERS: readonly string[] = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '\u0000',
  '\uD800',
  ' 1',
  'true',
  '1,2,,3',
  'x'.repeat(5000),
];

/** Bodies that are not JSON, or JSON of the wrong shape altogether. */
export const INVALID_JSON: readonly { text: string; validJson: boolean }[] = [
  { text: '{', validJson: false },
  { text: '{"a":1,}', validJson: false },
  { text: "{'a':1}", validJson: false },
  { text: '{"a":1}{"b":2}', validJson: false },
  { text: '\u0000', validJson: false },
  { text: 'null', validJson: true },
  { text: '[]', validJson: true },
  { text: '"text"', validJson: true },
  { text: '12', validJson: true },
  { text: '{"__proto__":{"admin":true}}', validJson: true },
  { text: '{"constructor":{"prototype":{"admin":true}}}', validJson: true },
];

export const WRONG_CONTENT_TYPES: readonly { contentType: string | null; text: string }[] = [
  { contentType: 'text/plain', text: '{"a":1}' },
  { contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=2' },
  { contentType: 'application/xml', text: '<a>1</a>' },
  { contentType: null, text: '{"a":1}' },
  {
    contentType: 'multipart/form-data; boundary=x',
    text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  },
  { contentType: 'application/json; charset=utf-16', text: '{"a":1}' },
];

const marker = (index: number) => `\u0001raw${index}\u0001`;

/** JSON text of a value that may hold RawJson parts. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raws.push(item.text);
    return marker(raws.length - 1);
  });
  return raws.reduce((result, raw, index) => result.replace(JSON.stringify(marker(index)), raw), text);
}

/**
 * Percent-encodes text for a URL, lone surrogates included (as their three WTF-8 bytes, which no UTF-8 decoder
 * accepts): encodeURIComponent throws on them and URLSearchParams silently replaces them.
 */
export function percentEncode(text: string): string {
  let result = '';
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      result += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      result += encodeURIComponent(character);
    }
  }
  return result;
}
