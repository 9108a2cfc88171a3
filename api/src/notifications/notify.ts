// notify(): how every family tells people of an event (issue 22, docs/notifications.md). The
// caller names the event kind and who is concerned; the process's notification settings decide
// the channels (Portal, Mail), each recipient's preferences may mute the kind or gather its mail
// into a daily digest. The portal notification goes through the outbox to 'notifications#<userId>'
// and the mail into mail_queue — both in the caller's transaction, so a change that rolls back
// tells nobody and a committed one is never lost.
import { randomUUID } from 'node:crypto';
import type { Notification } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { completeSettings } from '../processes/index';
import { recordEvents } from '../realtime/outbox.repository';
import { activeRecipients, queueMails, storedSettingsOf } from './notify.repository';

export interface NotificationInput {
  /** The process the event belongs to: its settings decide the channels. */
  processId: string;
  /** The process's code name (the notification's `project`). */
  processCode: string;
  /**
   * The event kind as the process's notification settings name it: 'Requirement: Submit for
   * Review', 'Task: Assign', 'Import SBOM', 'New Vulnerability' …
   */
  event: string;
  /** The users concerned (ids); duplicates and inactive users are dropped. */
  recipients: readonly string[];
  /** The user whose action raised the event: not told of their own action. */
  actorId?: string | null;
  title: string;
  /** What the bell shows; may carry one ##link text## (spec 2.3) pointing to `link`. */
  message: string;
  /** The object's path in the portal ('/requirements/…'). */
  link: string | null;
  /** Who it is from (a login id, or 'Portal' for the system). */
  sender?: string;
  /** ISO time; now by default. */
  time?: string;
}

export interface Notified {
  portal: number;
  mail: number;
}

/** Tells the event's recipients, in `tx`, on the channels the settings and their preferences allow. */
export async function notify(tx: Queryable, input: NotificationInput): Promise<Notified> {
  const ids = input.recipients.filter((id) => id !== input.actorId);
  if (ids.length === 0) return { portal: 0, mail: 0 };
  const channels = completeSettings(await storedSettingsOf(tx, input.processId))[input.event] ?? { mail: true, portal: true };
  if (!channels.portal && !channels.mail) return { portal: 0, mail: 0 };
  const users = (await activeRecipients(tx, ids)).filter((user) => !user.muted.includes(input.event));
  const time = input.time ?? new Date().toISOString();
  const sender = input.sender ?? 'Portal';
  const project = input.processCode.toLowerCase();
  if (channels.portal) {
    await recordEvents(
      tx,
      users.map((user) => {
        const body: Notification = {
          eventId: randomUUID(),
          project,
          login_id: user.login_id,
          time,
          title: input.title,
          message: input.message,
          link: input.link,
          sender,
          read: false,
        };
        return { destination: `notifications#${user.id}`, body: { ...body } };
      }),
    );
  }
  if (channels.mail) {
    await queueMails(
      tx,
      users.map((user) => ({
        user_id: user.id,
        recipient: user.email,
        event: input.event,
        subject: input.title,
        message: input.message,
        link: input.link,
        digest: user.mail_digest,
      })),
    );
  }
  return { portal: channels.portal ? users.length : 0, mail: channels.mail ? users.length : 0 };
}
