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
import { recordEvents, type OutboxEvent } from '../realtime/outbox.repository';
import { activeRecipients, queueMails, storedSettingsOf, type QueuedMail } from './notify.repository';

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
  return (await notifyAll(tx, [input]))[0]!;
}

const NOBODY: Notified = { portal: 0, mail: 0 };

/**
 * notify() of several events at once (a batch of builds rescanned by continuous monitoring): the
 * same notifications and mails, with one look at each process's settings and at the recipients,
 * and one write per channel. Resolves to what each was, in order.
 */
export async function notifyAll(tx: Queryable, inputs: readonly NotificationInput[]): Promise<Notified[]> {
  const concerned = inputs.map((input) => new Set(input.recipients.filter((id) => id !== input.actorId)));
  const settings = new Map<string, ReturnType<typeof completeSettings>>();
  for (const [index, input] of inputs.entries()) {
    if (concerned[index]!.size > 0 && !settings.has(input.processId)) settings.set(input.processId, completeSettings(await storedSettingsOf(tx, input.processId)));
  }
  const channelsOf = inputs.map((input, index) =>
    concerned[index]!.size === 0 ? { mail: false, portal: false } : (settings.get(input.processId)![input.event] ?? { mail: true, portal: true }),
  );
  const asked = new Set(inputs.flatMap((_, index) => (channelsOf[index]!.portal || channelsOf[index]!.mail ? [...concerned[index]!] : [])));
  const active = asked.size > 0 ? await activeRecipients(tx, [...asked]) : [];
  const portal: OutboxEvent[] = [];
  const mails: QueuedMail[] = [];
  const told = inputs.map((input, index): Notified => {
    const channels = channelsOf[index]!;
    if (!channels.portal && !channels.mail) return NOBODY;
    const users = active.filter((user) => concerned[index]!.has(user.id) && !user.muted.includes(input.event));
    const time = input.time ?? new Date().toISOString();
    const sender = input.sender ?? 'Portal';
    const project = input.processCode.toLowerCase();
    if (channels.portal) {
      for (const user of users) {
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
        portal.push({ destination: `notifications#${user.id}`, body: { ...body } });
      }
    }
    if (channels.mail) {
      for (const user of users) {
        mails.push({ user_id: user.id, recipient: user.email, event: input.event, subject: input.title, message: input.message, link: input.link, digest: user.mail_digest });
      }
    }
    return { portal: channels.portal ? users.length : 0, mail: channels.mail ? users.length : 0 };
  });
  await recordEvents(tx, portal);
  await queueMails(tx, mails);
  return told;
}
