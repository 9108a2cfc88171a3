// License-risk alerts (issue 7 item 9, spec 6 'receive=>Alert::LicenseRisk'): when a build is
// processed, each component whose license is strong copyleft or unknown, and that the app's
// previous processed build did not have with that same license, is recorded as an alert; the
// process's people who may receive the alert get one notification for the build, through notify()
// (event 'License Risk': the process's settings choose portal and mail).
import { PERMISSIONS, type LicenseRiskAlert } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { notify } from '../notifications/index';
import { permittedRecipients } from '../realtime/audience';
import { classifyLicenses } from './classify';
import { alertRowsOf, declarationsOf, insertAlerts } from './repository';
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
  const process = { organizationId: context.organization_id, processId: context.process_id, processCode: context.process_code };
  await notify(tx, {
    processId: context.process_id,
    processCode: context.process_code,
    event: 'License Risk',
    recipients: await permittedRecipients(tx, process, PERMISSIONS.applications.ALERT.LICENSE_RISK),
    title: 'License risk',
    message: `Build ${buildNumber} of ##${context.app_key}## brings ${raised.alerts} component${raised.alerts === 1 ? '' : 's'} with a license risk: ${raised.strong} strong copyleft, ${raised.alerts - raised.strong} unknown.`,
    link: `/applications/${encodeURIComponent(context.app_key)}`,
  });
  return raised.alerts;
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
