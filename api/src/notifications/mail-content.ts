// What a notification mail says (issue 22 item 2): the bell's message in plain text and HTML, its
// link absolute (PUBLIC_URL), and a closing line naming the setting that sent it and where the
// user changes it. A daily digest is one mail listing the day's items the same way.

/** Where a user mutes an event kind or chooses the digest (mfe-auth's Account Profile). */
export const PREFERENCES_PATH = '/settings/user-profile#notifications';

export interface MailItem {
  event: string;
  subject: string;
  /** May carry one ##link text## (spec 2.3). */
  message: string;
  /** A path in the portal ('/requirements/…'), or an absolute URL. */
  link: string | null;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const LINK = /##(.+?)##/;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/** `link` made absolute against the portal's public address; only paths of the portal are taken. */
export function absoluteLink(publicUrl: string, link: string | null): string | null {
  if (!link) return null;
  // A stored link is a path of the portal; anything else (another host, a scheme) is not followed.
  if (!link.startsWith('/') || link.startsWith('//')) return null;
  return `${publicUrl}${link}`;
}

function itemText(item: MailItem, url: string | null): string {
  const message = item.message.replace(LINK, '$1');
  return url ? `${message}\n${url}` : message;
}

function itemHtml(item: MailItem, url: string | null): string {
  const match = LINK.exec(item.message);
  if (!url) return `<p>${escapeHtml(item.message.replace(LINK, '$1'))}</p>`;
  if (!match) return `<p>${escapeHtml(item.message)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  const before = item.message.slice(0, match.index);
  const after = item.message.slice(match.index + match[0].length);
  return `<p>${escapeHtml(before)}<a href="${escapeHtml(url)}">${escapeHtml(match[1] as string)}</a>${escapeHtml(after)}</p>`;
}

function closing(publicUrl: string, reason: string): { text: string; html: string } {
  const settings = `${publicUrl}${PREFERENCES_PATH}`;
  const change = 'Mute it or choose a daily digest in Account Profile → Notifications';
  return {
    text: `--\n${reason} ${change}: ${settings}`,
    html: `<hr><p style="color:#666;font-size:12px">${escapeHtml(reason)} ${escapeHtml(change)}: <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  };
}

/** One event's mail to one recipient. */
export function singleMail(publicUrl: string, item: MailItem): MailContent {
  const url = absoluteLink(publicUrl, item.link);
  const end = closing(publicUrl, `You receive this because '${item.event}' is on for you.`);
  return {
    subject: item.subject,
    text: `${itemText(item, url)}\n\n${end.text}\n`,
    html: `<!doctype html><html><body>${itemHtml(item, url)}${end.html}</body></html>`,
  };
}

/** The daily digest of `items` (oldest first) to one recipient. */
export function digestMail(publicUrl: string, day: string, items: readonly MailItem[]): MailContent {
  const kinds = [...new Set(items.map((item) => `'${item.event}'`))].join(', ');
  const end = closing(publicUrl, `You receive this digest because you chose a daily digest for ${kinds}.`);
  const count = `${items.length} notification${items.length === 1 ? '' : 's'}`;
  const text = items.map((item) => `* ${item.subject}\n  ${itemText(item, absoluteLink(publicUrl, item.link)).replace(/\n/g, '\n  ')}`);
  const html = items.map((item) => `<li><strong>${escapeHtml(item.subject)}</strong>${itemHtml(item, absoluteLink(publicUrl, item.link))}</li>`);
  return {
    subject: `Your daily digest of ${day}: ${count}`,
    text: `${count} of ${day}:\n\n${text.join('\n\n')}\n\n${end.text}\n`,
    html: `<!doctype html><html><body><p>${count} of ${escapeHtml(day)}:</p><ul>${html.join('')}</ul>${end.html}</body></html>`,
  };
}
