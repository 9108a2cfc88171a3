// What may be attached to a requirement, checked before a byte is sent, with the API's own words.

import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TOO_LARGE as TOO_LARGE } from '@portal/shared';

// The API's limit and its message: the contract's.
export { ATTACHMENT_MAX_BYTES, TOO_LARGE };
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
