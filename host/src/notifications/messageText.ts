// A notification's message may carry one link delimited by double hash marks (spec 2.3, 3):
// 'Review ##R-12## today'. The delimited text is the link's label; its target is the
// notification's `link` when given, else the text itself. Only a path of the portal or an http(s)
// URL becomes a link; anything else (javascript:, data:…) stays plain text. The parts are
// rendered as React text, never as HTML. (An instant message, written by a user, may link only
// into the portal: notificationOf.ts.)

export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const HERE = 'http://portal.invalid';

/**
 * A path of the portal: it starts with a single '/' and stays on this site however a browser
 * reads it ('//evil.example', '/\\evil.example' or a tab inside '//' lead elsewhere); else undefined.
 */
export function portalPath(target: string): string | undefined {
  const value = target.trim();
  if (!value.startsWith('/')) return undefined;
  try {
    return new URL(value, HERE).origin === HERE ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A safe href: a path of the portal or an absolute http(s) URL; else undefined. */
export function safeHref(target: string): string | undefined {
  const value = target.trim();
  if (value.startsWith('/')) return portalPath(value);
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function messageParts(message: string, link?: string | null): MessagePart[] {
  const match = /##(.+?)##/.exec(message);
  if (!match) return message ? [{ kind: 'text', text: message }] : [];
  const [whole, label] = match as unknown as [string, string];
  const before = message.slice(0, match.index);
  const after = message.slice(match.index + whole.length).replace(/##/g, '');
  const href = safeHref(link || label);
  const parts: MessagePart[] = [];
  if (before) parts.push({ kind: 'text', text: before });
  parts.push(href ? { kind: 'link', text: label, href } : { kind: 'text', text: label });
  if (after) parts.push({ kind: 'text', text: after });
  return parts;
}
