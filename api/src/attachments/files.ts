// What an attachment may be (issue 6 item 9): an allow-list of types, each checked by the file's
// extension and, where the type has one, by its magic bytes; text types must be text. Whatever
// the upload claims, the type an attachment is served as comes from this list — and content that
// a browser would take for HTML or SVG is served as application/octet-stream.
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TOO_LARGE as TOO_LARGE } from '@portal/shared/server';

// The limit and its message are the contract's: the browser refuses a larger file before sending.
export { ATTACHMENT_MAX_BYTES, TOO_LARGE };
/** The 413 message for a limit (ATTACHMENT_MAX_BYTES); TOO_LARGE for the default 10 MiB. */
export const tooLarge = (maxBytes: number) =>
  maxBytes === ATTACHMENT_MAX_BYTES ? TOO_LARGE : `The file is too large (at most ${Number((maxBytes / (1024 * 1024)).toFixed(2))} MB).`;
export const OCTET_STREAM = 'application/octet-stream';

interface AllowedType {
  contentType: string;
  /** Checks the content's first bytes (binary formats) or that it is text (text formats). */
  matches: (bytes: Buffer) => boolean;
}

const startsWith = (bytes: Buffer, ...prefixes: number[][]) =>
  prefixes.some((prefix) => bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte));

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const ZIP = [ascii('PK\u0003\u0004'), ascii('PK\u0005\u0006')];
const isZip = (bytes: Buffer) => startsWith(bytes, ...ZIP);

/** Text: valid UTF-8 (a BOM allowed) without NUL or other C0 control bytes but tab, CR, LF, FF. */
export function isText(bytes: Buffer): boolean {
  // oxlint-disable-next-line no-control-regex -- binary content is told by its control characters
  if (/[\x00-\x08\x0b\x0e-\x1f]/.test(bytes.toString('latin1'))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** An OOXML document is a zip whose first entries name [Content_Types].xml or its parts. */
const isOfficeDocument = (folder: string) => (bytes: Buffer) =>
  isZip(bytes) && (bytes.includes('[Content_Types].xml') || bytes.includes(`${folder}/`));

export const ALLOWED_TYPES: Readonly<Record<string, AllowedType>> = {
  pdf: { contentType: 'application/pdf', matches: (bytes) => startsWith(bytes, ascii('%PDF-')) },
  png: { contentType: 'image/png', matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { contentType: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  jpeg: { contentType: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  gif: { contentType: 'image/gif', matches: (bytes) => startsWith(bytes, ascii('GIF87a'), ascii('GIF89a')) },
  txt: { contentType: 'text/plain; charset=utf-8', matches: isText },
  md: { contentType: 'text/markdown; charset=utf-8', matches: isText },
  csv: { contentType: 'text/csv; charset=utf-8', matches: isText },
  json: { contentType: 'application/json', matches: isText },
  xml: { contentType: 'application/xml', matches: isText },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: isOfficeDocument('word') },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: isOfficeDocument('xl') },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', matches: isOfficeDocument('ppt') },
  zip: { contentType: 'application/zip', matches: isZip },
};

export const ALLOWED_EXTENSIONS = Object.keys(ALLOWED_TYPES);

export const notAllowed = (extension: string) =>
  `${extension ? `Files of type .${extension}` : 'Files without an extension'} cannot be attached. Allowed: ${ALLOWED_EXTENSIONS.join(', ')}.`;
export const notMatching = (extension: string) => `The content of the file is not a .${extension} file.`;

/**
 * Content a browser may render as a document with scripts: the WHATWG sniffing patterns of HTML
 * (and an SVG or XHTML root) after optional whitespace and BOM, in the first 1 KiB.
 */
export function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (/^<(!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|svg|!--)[\s>/]/.test(head)) return true;
  // An XML prolog followed by an SVG or XHTML root.
  return /^<\?xml[^>]*>\s*(<!--[\s\S]*?-->\s*)*(<!doctype\s+(svg|html)|<svg[\s>/]|<html[\s>/])/.test(head) || /xmlns\s*=\s*["']http:\/\/www\.w3\.org\/(2000\/svg|1999\/xhtml)["']/.test(head);
}

/** Types never served as they are: a browser would run them as a page. */
export const isScriptableType = (contentType: string) => /html|svg|xml\+|javascript|ecmascript/i.test(contentType.split(';')[0] ?? '');

/** The file's name as stored: no path, no control characters, at most 255 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // oxlint-disable-next-line no-control-regex -- control characters are removed from a file name
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - extension.length) + extension;
}

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export type Verdict = { ok: true; contentType: string } | { ok: false; status: 415; detail: string };

/**
 * The type an upload is stored and served as, or why it is refused (415). `declared` is the
 * Content-Type of the multipart part: only consulted to serve declared markup as octet-stream.
 */
export function classify(name: string, bytes: Buffer, declared: string | undefined): Verdict {
  const extension = extensionOf(name);
  const allowed = ALLOWED_TYPES[extension];
  if (!allowed) return { ok: false, status: 415, detail: notAllowed(extension) };
  if (!allowed.matches(bytes)) return { ok: false, status: 415, detail: notMatching(extension) };
  const textual = allowed.matches === isText;
  if (textual && (looksLikeMarkup(bytes) || isScriptableType(declared ?? ''))) return { ok: true, contentType: OCTET_STREAM };
  return { ok: true, contentType: allowed.contentType };
}

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / 8187). */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
