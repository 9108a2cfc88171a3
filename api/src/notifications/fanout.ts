// The fan-out bench (issue 22 item 6; testing routes only): one event told to `count` recipients
// on both channels, timed until notify() committed and until the relays delivered everything
// (the portal notifications published to the broker, the mail sent).
import { performance } from 'node:perf_hooks';
import type { Database } from '../db/database';
import { ApiProblem } from '../http/problem';
import { notify } from './notify';
import { benchSubject, fanoutRecipients } from './fanout.repository';

export interface FanoutResult {
  recipients: number;
  portal: number;
  mail: number;
  /** notify() in its transaction, until committed. */
  notifyMs: number;
  /** From the start until the outbox relay had published every portal notification. */
  portalMs: number;
  /** From the start until the mail relay had sent every mail. */
  mailMs: number;
}

export interface Relays {
  outbox: { notify(): void; idle(): Promise<void> };
  mail: { notify(): void; idle(): Promise<void> };
}

export async function fanOut(db: Database, relays: Relays, login: string, count: number): Promise<FanoutResult> {
  const subject = await benchSubject(db, login);
  if (!subject) throw new ApiProblem(404, `No user '${login}' in an organization with a process.`);
  const recipients = await fanoutRecipients(db, subject.organization_id, count);
  const start = performance.now();
  const told = await db.transaction((tx) =>
    notify(tx, {
      processId: subject.process_id,
      processCode: subject.code_name,
      event: 'Task: Assign',
      recipients,
      title: 'Fan-out',
      message: 'A task for ##everyone##.',
      link: '/collaboration/tasks',
    }),
  );
  const notifyMs = performance.now() - start;
  const since = (promise: Promise<void>) => promise.then(() => Math.round(performance.now() - start));
  const [portalMs, mailMs] = await Promise.all([since(relays.outbox.idle()), since(relays.mail.idle())]);
  return { recipients: recipients.length, ...told, notifyMs: Math.round(notifyMs), portalMs, mailMs };
}
