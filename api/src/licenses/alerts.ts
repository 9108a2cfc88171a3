// License-risk alerts (issue 7 item 9, spec 6 'receive=>Alert::LicenseRisk'): when a build is
// processed, each component whose license is strong copyleft or unknown, and that the app's
// previous processed build did not have with that same license, is recorded as an alert; the
// process's members who may receive the alert get one notification for the build.
import { randomUUID } from 'node:crypto';
import { checkPermission, PERMISSIONS, type LicenseRiskAlert, type Notification } from '@portal/shared/server';
import { resolveAccess } from '../authorization/access';
import type { Queryable } from '../db/database';
import { recordEvents } from '../realtime/outbox.repository';
import { eventRecipients } from '../realtime/recipients';
import { findUserById } from '../users/index';
import { classifyLicenses } from './classify';
import { alertRowsOf, declarationsOf, insertAlerts, organizationNamed } from './repository';
import { declaredOf, NONE_DECLARED, RISKS } from './service';

export { ALERT_LIMIT } from './repository';

export interface AlertContext {
  organization_id: string;
  process_id: string;
  process_code: string;
  application_id: string;
  app_key: string;
}

/**
 * Inside the transaction that marks `buildId` DONE. Resolves to the number of alerts raised. The
 * build's distinct declarations are classified here; the database finds their components and the
 * previous build's, and writes the alerts — a build of 50,000 components without a declared license
 * never sends them to the API and back.
 */
export async function raiseLicenseAlerts(
  tx: Queryable,
  context: AlertContext,
  buildId: string,
  buildNumber: number,
  previousBuildId: string | null,
  /** The build's distinct declarations when the caller knows them (its upload does); read otherwise. */
  known?: readonly string[],
): Promise<number> {
  const declarations =
    known ??
    (await declarationsOf(tx, buildId));
  const risky = declarations
    .map((declared) => ({ declared, classified: classifyLicenses(declaredOf(declared)) }))
    .filter((row) => RISKS[row.classified.category]);
  if (risky.length === 0) return 0;
  const label = (row: (typeof risky)[number]) =>
    row.classified.expression ?? (row.declared === '' ? NONE_DECLARED : declaredOf(row.declared).join(', '));
  const raised = await insertAlerts(tx, context, buildId, previousBuildId, {
    declared: risky.map((row) => row.declared),
    license: risky.map((row) => label(row).slice(0, 2048)),
    category: risky.map((row) => row.classified.category),
  });
  if (raised.alerts === 0) return 0;
  await notifyRecipients(tx, context, {
    title: 'License risk',
    message: `Build ${buildNumber} of ${context.app_key} brings ${raised.alerts} component${raised.alerts === 1 ? '' : 's'} with a license risk: ${raised.strong} strong copyleft, ${raised.alerts - raised.strong} unknown.`,
    link: `/applications/${encodeURIComponent(context.app_key)}`,
  });
  return raised.alerts;
}

/** One notification to each member of the process who may receive license-risk alerts. */
async function notifyRecipients(tx: Queryable, context: AlertContext, content: { title: string; message: string; link: string }): Promise<void> {
  const time = new Date().toISOString();
  const organization = await organizationNamed(tx, context.organization_id);
  const where = { organization: organization?.name, project: context.process_code.toLowerCase(), scope: 'project' };
  const recipients: Array<{ id: string; login_id: string }> = [];
  for (const id of await eventRecipients(tx, context.organization_id, context.process_id)) {
    const user = await findUserById(tx, id);
    if (!user || user.inactive) continue;
    if (checkPermission(await resolveAccess(tx, user), PERMISSIONS.applications.ALERT.LICENSE_RISK, where)) recipients.push(user);
  }
  await recordEvents(
    tx,
    recipients.map((recipient) => {
      const body: Notification = {
        eventId: randomUUID(),
        project: context.process_code.toLowerCase(),
        login_id: recipient.login_id,
        time,
        title: content.title,
        message: content.message,
        link: content.link,
        sender: 'Portal',
        read: false,
      };
      return { destination: `notifications#${recipient.id}`, body: { ...body } };
    }),
  );
}

/** GET /apps/licenses/alerts: the process's alerts, newest first. */
export async function listLicenseAlerts(db: Queryable, organizationId: string, processId: string): Promise<LicenseRiskAlert[]> {
  const rows = await alertRowsOf(db, organizationId, processId);
  return rows.map((row) => ({
    id: row.id,
    app_key: row.app_key,
    build: { id: row.build_id, number: row.number },
    component: { bom_ref: row.bom_ref, name: row.name, version: row.version, purl: row.purl },
    license: row.license,
    category: row.category,
    severity: RISKS[row.category]!,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
