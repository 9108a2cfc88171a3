// What a library file may be (issue 23 item 7): an allow-list by extension whose content is
// checked as it streams in — the magic bytes of PDF, PNG, JPEG, GIF and WebP; valid UTF-8 without
// control characters for text, markdown and CSV. Anything else is refused (415): the library is
// evidence people open in the browser, and an unknown binary is not worth the risk. The names of
// files and folders follow spec 5's filename rule.
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_TAGS,
  DOCUMENT_TAG_MAX_LENGTH,
  hasInjectionMarker,
  MESSAGES,
  PATTERNS,
  type DocumentExtension,
} from '@portal/shared/server';

interface FileType {
  contentType: string;
  /** The leading bytes of the format, or 'text' for UTF-8 text. */
  magic: 'text' | ((head: Buffer) => boolean);
}

const startsWith = (head: Buffer, text: string, at = 0) => head.length >= at + text.length && head.subarray(at, at + text.length).toString('latin1') === text;
const bytes = (...values: number[]) => Buffer.from(values).toString('latin1');
const jpeg = (head: Buffer) => startsWith(head, bytes(0xff, 0xd8, 0xff));

const TYPES: Readonly<Record<DocumentExtension, FileType>> = {
  pdf: { contentType: 'application/pdf', magic: (head) => startsWith(head, '%PDF-') },
  png: { contentType: 'image/png', magic: (head) => startsWith(head, bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) },
  jpg: { contentType: 'image/jpeg', magic: jpeg },
  jpeg: { contentType: 'image/jpeg', magic: jpeg },
  gif: { contentType: 'image/gif', magic: (head) => startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a') },
  webp: { contentType: 'image/webp', magic: (head) => startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8) },
  txt: { contentType: 'text/plain; charset=utf-8', magic: 'text' },
  md: { contentType: 'text/markdown; charset=utf-8', magic: 'text' },
  csv: { contentType: 'text/csv; charset=utf-8', magic: 'text' },
};

/** The longest text kept per version for search (characters). */
export const DOCUMENT_TEXT_MAX = 256 * 1024;
const HEAD_BYTES = 16;

export const notAllowed = (extension: string) =>
  `${extension ? `Files of type .${extension}` : 'Files without an extension'} cannot be shared. Allowed: ${DOCUMENT_EXTENSIONS.join(', ')}.`;
export const notMatching = (extension: string) => `The content of the file is not a .${extension} file.`;
export const NAME_RULE = MESSAGES.format.filename;
export const FOLDER_RULE = `Folder names: ${MESSAGES.format.filename} Separate folders with '/'.`;

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const isTextType = (contentType: string) => contentType.startsWith('text/');

/** A file name of spec 5's rule (and not '.' or '..'), or the rule's message. */
export function fileNameProblem(name: string): string | undefined {
  if (name.length === 0 || name.length > 255 || !PATTERNS.filename.test(name) || /^\.+$/.test(name)) return NAME_RULE;
  return undefined;
}

/** A folder path: '' (the root) or segments of the filename rule joined by '/'; else the message. */
export function normalFolder(raw: unknown): { folder: string } | { problem: string } {
  if (raw === undefined || raw === null) return { folder: '' };
  if (typeof raw !== 'string') return { problem: FOLDER_RULE };
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return { folder: '' };
  const segments = trimmed.split('/');
  if (trimmed.length > 255 || segments.length > 8 || segments.some((segment) => fileNameProblem(segment) !== undefined)) return { problem: FOLDER_RULE };
  return { folder: segments.join('/') };
}

export const TAG_RULE = `At most ${DOCUMENT_MAX_TAGS} tags of at most ${DOCUMENT_TAG_MAX_LENGTH} characters each.`;

/** Tags from a list or a comma-separated text: trimmed, distinct, sorted; or the message. */
export function normalTags(raw: unknown): { tags: string[] } | { problem: string } {
  if (raw === undefined || raw === null) return { tags: [] };
  const list = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(list) || list.some((tag) => typeof tag !== 'string')) return { problem: TAG_RULE };
  const tags = [...new Set((list as string[]).map((tag) => tag.trim()).filter((tag) => tag !== ''))].sort();
  if (tags.length > DOCUMENT_MAX_TAGS || tags.some((tag) => tag.length > DOCUMENT_TAG_MAX_LENGTH)) return { problem: TAG_RULE };
  // oxlint-disable-next-line no-control-regex -- a tag is one line of visible text
  if (tags.some((tag) => hasInjectionMarker(tag) || /[\u0000-\u001f\u007f]/.test(tag))) return { problem: MESSAGES.invalidInput };
  return { tags };
}

export type Verdict = { ok: true; contentType: string; text: string } | { ok: false; detail: string };

/**
 * The content check of one file, fed its chunks as they arrive: keeps only the first bytes, and
 * for text types the decoded text up to DOCUMENT_TEXT_MAX — memory does not grow with the file.
 */
export class ContentCheck {
  private head = Buffer.alloc(0);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private text = '';
  private broken = false;
  private readonly type: FileType | undefined;

  constructor(private readonly extension: string) {
    this.type = (TYPES as Record<string, FileType | undefined>)[extension];
  }

  /** Refused before any byte: the extension is not in the allow-list. */
  get refusal(): string | undefined {
    return this.type ? undefined : notAllowed(this.extension);
  }

  update(chunk: Buffer): void {
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.type?.magic !== 'text' || this.broken) return;
    // Bytes of multi-byte UTF-8 are >= 0x80: a control byte in the chunk is a control character.
    // oxlint-disable-next-line no-control-regex -- binary content is told by its control characters
    if (/[\x00-\x08\x0b\x0e-\x1f]/.test(chunk.toString('latin1'))) {
      this.broken = true;
      return;
    }
    try {
      const decoded = this.decoder.decode(chunk, { stream: true });
      if (this.text.length < DOCUMENT_TEXT_MAX) this.text += decoded.slice(0, DOCUMENT_TEXT_MAX - this.text.length);
    } catch {
      this.broken = true;
    }
  }

  finish(): Verdict {
    const type = this.type;
    if (!type) return { ok: false, detail: notAllowed(this.extension) };
    if (type.magic !== 'text') return type.magic(this.head) ? { ok: true, contentType: type.contentType, text: '' } : { ok: false, detail: notMatching(this.extension) };
    if (!this.broken) {
      try {
        this.decoder.decode(); // a sequence cut at the end is not UTF-8
      } catch {
        this.broken = true;
      }
    }
    return this.broken ? { ok: false, detail: notMatching(this.extension) } : { ok: true, contentType: type.contentType, text: this.text.replace(/^\uFEFF/, '') };
  }
}

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / 8187); `inline` for previews. */
export function contentDisposition(name: string, inline = false): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
