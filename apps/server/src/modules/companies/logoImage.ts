import type { BufferedUpload } from '../../http/multipartEndpoint.ts';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@kelvin/contract';
import { badRequest } from '../../http/httpError.ts';

export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** What the upload route hands the service: the file, or why there is none. */
export type LogoUpload = BufferedUpload;

const EXTENSIONS: Record<LogoContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
};

function isLogoContentType(value: string): value is LogoContentType {
  return LOGO_CONTENT_TYPES.some((type) => type === value);
}

const startsWith = (data: Buffer, bytes: Buffer | number[], offset = 0) =>
  data.subarray(offset, offset + bytes.length).equals(Buffer.from(bytes));

const ascii = (text: string) => Buffer.from(text, 'latin1');

/**
 * Whether the bytes are what the declared type says. The browser's declared type is only a claim, and a
 * mislabelled file would be served to every user of the company under that type.
 */
function contentMatches(type: LogoContentType, data: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(data, [0xff, 0xd8, 0xff]);
    case 'image/webp':
      return startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8);
    case 'image/svg+xml':
      return /<svg[\s>]/i.test(data.subarray(0, 4096).toString('utf8'));
  }
}

/**
 * An SVG is a document that can run script when opened on its own (the signed URL is on our origin), so
 * logos with script, event handlers or embedded HTML are refused rather than cleaned.
 */
const ACTIVE_SVG_CONTENT = /<script|<foreignObject|javascript:|\son[a-z]+\s*=/i;

/** Checks an upload against the contract's types and size; returns the file and the extension to store it under. */
export function acceptLogo(upload: LogoUpload): {
  data: Buffer;
  contentType: LogoContentType;
  extension: string;
  fileName: string;
} {
  if (upload.kind === 'missing') {
    throw badRequest('Send the logo as multipart/form-data with the image file in the field upload.', [
      { field: 'body.upload', message: 'Required' },
    ]);
  }
  const tooLarge = `The logo is larger than ${LOGO_MAX_BYTES / 1_000_000} MB. Choose a smaller image.`;
  if (upload.kind === 'tooLarge' || upload.data.length > LOGO_MAX_BYTES) {
    throw badRequest(tooLarge, [{ field: 'body.upload', message: tooLarge }]);
  }
  const contentType = upload.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!isLogoContentType(contentType)) {
    const message = `The logo must be a PNG, JPEG, SVG or WebP image, not ${contentType || 'an unknown type'}.`;
    throw badRequest(message, [{ field: 'body.upload', message }]);
  }
  if (upload.data.length === 0 || !contentMatches(contentType, upload.data)) {
    const message = `The file is not a valid ${EXTENSIONS[contentType].toUpperCase()} image.`;
    throw badRequest(message, [{ field: 'body.upload', message }]);
  }
  if (contentType === 'image/svg+xml' && ACTIVE_SVG_CONTENT.test(upload.data.toString('utf8'))) {
    const message =
      'The SVG logo contains scripts or event handlers; save it as a plain image and try again.';
    throw badRequest(message, [{ field: 'body.upload', message }]);
  }
  return { data: upload.data, contentType, extension: EXTENSIONS[contentType], fileName: upload.fileName };
}
