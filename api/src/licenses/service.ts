// License analysis of builds (issue 7 item 9): each component classified, the build summarized by
// category and by license, and the process's apps summarized from their latest processed builds.
// Components are read grouped by their declared licenses: a build of 50,000 components has a few
// dozen distinct declarations, each classified once.
import type {
  ApplicationLicenseSummary,
  ComponentLicense,
  LicenseAnalysis,
  LicenseCategory,
  LicenseCategoryCounts,
} from '@portal/shared/server';
import type { ApplicationRecord, BuildRecord } from '../apps/index';
import type { Queryable } from '../db/database';
import { classifyLicenses } from './classify';
import { componentLicensesOf, declarationCountsOf, latestDoneBuildsOf } from './repository';

/** What a component without any declared license is listed as (SPDX's word for "no information"). */
export const NONE_DECLARED = 'NOASSERTION';
/** The categories that raise license-risk alerts, with the alert's severity. */
export const RISKS: Partial<Record<LicenseCategory, 'HIGH' | 'MEDIUM'>> = { 'strong-copyleft': 'HIGH', unknown: 'MEDIUM' };

const SEPARATOR = '\u001f';
const emptyCounts = (): LicenseCategoryCounts => ({ permissive: 0, 'weak-copyleft': 0, 'strong-copyleft': 0, unknown: 0 });
const declaredOf = (key: string): string[] => (key === '' ? [] : key.split(SEPARATOR));

/** The license rows one component contributes to: its ids, its unreadable names, or NOASSERTION. */
function licenseLabels(declared: readonly string[]): Array<{ license: string; category: LicenseCategory }> {
  if (declared.length === 0) return [{ license: NONE_DECLARED, category: 'unknown' }];
  const labels: Array<{ license: string; category: LicenseCategory }> = [];
  for (const one of declared) {
    const read = classifyLicenses([one]);
    if (read.ids.length === 0) labels.push({ license: one, category: 'unknown' });
    for (const id of read.ids) labels.push({ license: id, category: classifyLicenses([id]).category });
  }
  return labels;
}

export async function licenseAnalysis(db: Queryable, application: ApplicationRecord, build: BuildRecord): Promise<LicenseAnalysis> {
  const rows = await componentLicensesOf(db, build.id);
  const summary = emptyCounts();
  const byLicense = new Map<string, { license: string; category: LicenseCategory; components: number }>();
  const components: ComponentLicense[] = rows.map((row) => {
    const classified = classifyLicenses(row.licenses);
    summary[classified.category] += 1;
    const seen = new Set<string>();
    for (const label of licenseLabels(row.licenses)) {
      if (seen.has(label.license)) continue;
      seen.add(label.license);
      const entry = byLicense.get(label.license) ?? { ...label, components: 0 };
      entry.components += 1;
      byLicense.set(label.license, entry);
    }
    return {
      bom_ref: row.bom_ref,
      group: row.group_name,
      name: row.name,
      version: row.version,
      purl: row.purl,
      declared: row.licenses,
      expression: classified.expression,
      ids: classified.ids,
      category: classified.category,
    };
  });
  const licenses = [...byLicense.values()].sort((a, b) => b.components - a.components || a.license.localeCompare(b.license));
  return { app_key: application.app_key, build: { id: build.id, number: build.number }, summary, licenses, components };
}

/** Components per category of each build, from its distinct declarations. */
export async function categoryCounts(db: Queryable, buildIds: readonly string[]): Promise<Map<string, LicenseCategoryCounts>> {
  const rows = await declarationCountsOf(db, buildIds);
  const counts = new Map<string, LicenseCategoryCounts>(buildIds.map((id) => [id, emptyCounts()]));
  for (const row of rows) counts.get(row.build_id)![classifyLicenses(declaredOf(row.declared)).category] += row.n;
  return counts;
}

/** GET /apps/licenses: each app of the process with the license summary of its latest DONE build. */
export async function applicationLicenseSummaries(db: Queryable, organizationId: string, processId: string): Promise<ApplicationLicenseSummary[]> {
  const apps = await latestDoneBuildsOf(db, organizationId, processId);
  const counts = await categoryCounts(db, apps.flatMap((row) => (row.build_id ? [row.build_id] : [])));
  return apps.map((row) => {
    const summary = row.build_id ? counts.get(row.build_id)! : emptyCounts();
    const risks = Object.keys(RISKS).reduce((total, category) => total + summary[category as LicenseCategory], 0);
    return { app_key: row.app_key, name: row.name, build: row.build_id ? { id: row.build_id, number: row.number! } : null, summary, risks };
  });
}

export { declaredOf, SEPARATOR };
export { classifyLicenses, type ClassifiedLicense } from './classify';
