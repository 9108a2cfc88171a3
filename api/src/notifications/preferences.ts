// A user's notification preferences (issue 22 item 1): the event kinds they mute and whether their
// mail comes as a daily digest. Only the user themself reads or changes them. The kinds are those
// of the process's notification settings (processes' NOTIFICATION_EVENTS), named the same way.
import type { NotificationPreferences, NotificationPreferencesView } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { NOTIFICATION_EVENTS } from '../processes/index';
import { preferencesOf, savePreferences } from './preferences.repository';

/** The signed-in user, as the route's caller knows them. */
export interface PreferencesOwner {
  id: string;
  login_id: string;
  email: string;
}

export const NOT_YOURS = 'You can read and change only your own notification preferences.';
export const unknownKind = (kind: string): string =>
  `'${kind}' is not an event kind you can mute; the kinds are: ${NOTIFICATION_EVENTS.join(', ')}.`;

/** `username` (login id or email, any case) must name the caller: anyone else's answers 403. */
function checkOwner(owner: PreferencesOwner, username: string): void {
  const wanted = username.toLowerCase();
  if (owner.login_id.toLowerCase() !== wanted && owner.email.toLowerCase() !== wanted) throw new ApiProblem(403, NOT_YOURS);
}

export async function readPreferences(db: Queryable, owner: PreferencesOwner, username: string): Promise<NotificationPreferencesView> {
  checkOwner(owner, username);
  const stored = await preferencesOf(db, owner.id);
  // A kind muted once and since removed from the settings is no longer shown nor kept.
  return { muted: stored.muted.filter((kind) => NOTIFICATION_EVENTS.includes(kind)), mail_digest: stored.mail_digest, events: [...NOTIFICATION_EVENTS] };
}

export async function changePreferences(
  db: Queryable,
  owner: PreferencesOwner,
  username: string,
  body: NotificationPreferences,
): Promise<NotificationPreferencesView> {
  checkOwner(owner, username);
  const unknown = body.muted.find((kind) => !NOTIFICATION_EVENTS.includes(kind));
  if (unknown !== undefined) throw new ApiProblem(400, unknownKind(unknown), {}, { muted: unknownKind(unknown) });
  // Stored in the settings' order, once each.
  const muted = NOTIFICATION_EVENTS.filter((kind) => body.muted.includes(kind));
  await savePreferences(db, owner.id, { muted, mail_digest: body.mail_digest });
  return { muted, mail_digest: body.mail_digest, events: [...NOTIFICATION_EVENTS] };
}
