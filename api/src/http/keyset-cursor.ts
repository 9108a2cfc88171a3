// The opaque cursor of a keyset-paged list (the tasks inbox, the security findings): where the
// previous page ended — its sort, order, last key and id — as base64url JSON. The browser only
// hands it back; a cursor it made up or altered reads as nothing, and the list answers 400.
import { isUuid } from './input';

export interface KeysetCursor<Sort extends string> {
  s: Sort;
  o: 'asc' | 'desc';
  /** The last row's sort key as text (null where it had none). */
  k: string | null;
  /** The last row's id: ties of the key are broken by it. */
  i: string;
}

export function encodeKeysetCursor<Sort extends string>(cursor: KeysetCursor<Sort>): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/**
 * The cursor `text` stands for, when it is one of a list sorted by `sort` in `order` (a key text
 * without NUL or null, and a uuid); undefined otherwise. What the key must look like for its sort
 * is the list's to check.
 */
export function readKeysetCursor<Sort extends string>(text: string, sort: Sort, order: 'asc' | 'desc'): KeysetCursor<Sort> | undefined {
  let body: Partial<KeysetCursor<Sort>> | null = null;
  try {
    if (/^[A-Za-z0-9_-]{1,2000}$/.test(text)) body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<KeysetCursor<Sort>>;
  } catch {
    return undefined;
  }
  if (body === null || typeof body !== 'object' || body.s !== sort || body.o !== order || !isUuid(body.i)) return undefined;
  if (body.k !== null && (typeof body.k !== 'string' || body.k.includes('\u0000'))) return undefined;
  return { s: sort, o: order, k: body.k, i: body.i };
}
