// What both exports share: name-based UUIDs (version 5), stable for the same subject across
// exports (a requirement's finding, a check's observation), and the portal's links made absolute.
import { createHash } from 'node:crypto';

/** The namespace of the portal's name-based UUIDs (a constant of this code). */
const NAMESPACE = Buffer.from('6f1d4c3e9a2b47d8b5e0c1a2f3d4e5b6', 'hex');

/** RFC 9562 version 5: SHA-1 of the namespace and the name, version and variant bits set. */
export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A portal path ('/applications/shop') on the portal's public address. */
export const absolute = (publicUrl: string, link: string) => `${publicUrl.replace(/\/+$/, '')}${link}`;

/** Text with no leading or trailing white space and none empty (OSCAL's string: `^\S(.*\S)?$`), on one line. */
export function oneLine(text: string, fallback: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line === '' ? fallback : line;
}
