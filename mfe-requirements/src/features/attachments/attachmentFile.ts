// What may be attached to a requirement, checked before a byte is sent, with the API's own words.

/** The API's limits (api/src/attachments/files.ts). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = 'The file is too large (at most 10 MB).';
export const ALLOWED_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'txt', 'md', 'csv', 'json', 'xml', 'docx', 'xlsx', 'pptx', 'zip'] as const;

export const notAllowed = (extension: string) =>
  `${extension ? `Files of type .${extension}` : 'Files without an extension'} cannot be attached. Allowed: ${ALLOWED_EXTENSIONS.join(', ')}.`;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why a file may not be attached, or null when it may. */
export function checkFile(file: Pick<File, 'name' | 'size'>): string | null {
  const extension = extensionOf(file.name);
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extension)) return notAllowed(extension);
  if (file.size > ATTACHMENT_MAX_BYTES) return TOO_LARGE;
  return null;
}

export { formatSize } from '@portal/shared/screens';
