// What the exports read (docs/compliance.md, "Exports"). OSCAL: the requirements with checks of the
// process (or of one standard) with their recorded results. CycloneDX: the requirements with a check
// whose scope holds the application, each such check evaluated now over that application alone (a
// process-wide check fails for the application only on its own evidence); a requirement's evidence
// files and recurring tasks (checks of the process) come with it as recorded; checks of cloud
// controls, repositories or cloud accounts do not concern an application and are left out. Reasons
// the caller may not see are left out in both (as the compliance routes leave them out).
import type { ComplianceCheck, ComplianceCheckKind, ComplianceStatus } from '@portal/shared/server';
import type { Scope } from '../../analysis/service';
import type { ApplicationRecord } from '../../apps/index';
import { isUuid } from '../../http/input';
import { ApiProblem } from '../../http/problem';
import { catalogRequirements, standardOfProcess, statusesOf, type CatalogRequirement } from '../catalog.repository';
import { requirementStatus, type ComplianceContext } from '../evaluate';
import { evaluateCheck } from '../evaluators/index';
import { createFacts } from '../facts';
import { checksOfRequirements, type CheckRow } from '../repository';
import { applicationsIn } from '../scope';
import { checkView, type ReasonFilter } from '../service';
import { assessmentResults, type OscalRequirement } from './oscal';
import { attestation, type AttestedRequirement } from './cyclonedx';

export interface ExportTarget {
  scope: Scope;
  organization: { id: string; name: string };
  processName: string;
  publicUrl: string;
  visible: ReasonFilter;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function byRequirement(rows: readonly CheckRow[]): Map<string, CheckRow[]> {
  const grouped = new Map<string, CheckRow[]>();
  for (const row of rows) grouped.set(row.requirement_id, [...(grouped.get(row.requirement_id) ?? []), row]);
  return grouped;
}

/** The OSCAL assessment results of the process (`standardId` null) or of one of its standards (another's: 404); and the file's name. */
export async function oscalExport(context: ComplianceContext, target: ExportTarget, standardId: string | null): Promise<{ name: string; document: Record<string, unknown> }> {
  const { scope } = target;
  const standard = standardId === null ? null : isUuid(standardId) ? await standardOfProcess(context.db, scope.processId, standardId.toLowerCase()) : undefined;
  if (standard === undefined) throw new ApiProblem(404);
  const requirements = await catalogRequirements(context.db, scope.processId, standard?.id ?? null);
  const checks = byRequirement(await checksOfRequirements(context.db, scope.processId, requirements.map((row) => row.id)));
  const statuses = new Map((await statusesOf(context.db, [...checks.keys()])).map((row) => [row.requirement_id, row]));
  const assessed: OscalRequirement[] = requirements
    .filter((row) => checks.has(row.id))
    .map((row) => {
      const rows = checks.get(row.id)!;
      const recorded = statuses.get(row.id);
      return {
        id: row.id,
        code: row.code,
        title: row.title,
        source: row.source,
        status: recorded?.status ?? requirementStatus(rows.map((check) => check.status))!,
        evaluated_at: recorded ? iso(recorded.evaluated_at) : null,
        checks: rows.map((check) => checkView(check, target.visible)),
      };
    });
  const document = assessmentResults({
    now: context.now(),
    publicUrl: target.publicUrl,
    organization: target.organization,
    process: { id: scope.processId, code: scope.processCode, name: target.processName },
    standard: standard ?? null,
    requirements: assessed,
  });
  const name = standard ? `${scope.processCode}-${standard.title}` : scope.processCode;
  return { name: name.replace(/[^a-zA-Z0-9_.-]+/g, '_'), document };
}

/** Kinds judged per application (their scope may hold it) and kinds of the requirement itself (carried as recorded). */
const APPLICATION_KINDS: readonly ComplianceCheckKind[] = ['open-findings', 'active-exploit', 'sbom-fresh', 'license-category', 'sbom-provenance'];
const REQUIREMENT_KINDS: readonly ComplianceCheckKind[] = ['evidence-file', 'recurring-task'];

/** The CycloneDX attestation of the application. */
export async function attestationExport(context: ComplianceContext, target: ExportTarget, application: ApplicationRecord): Promise<Record<string, unknown>> {
  const { scope } = target;
  const now = context.now();
  const process = { organizationId: scope.organizationId, processId: scope.processId, processCode: scope.processCode };
  const facts = createFacts(context.db, process, now, context.rbomPositions);
  const appFact = (await facts.applications()).find((app) => app.id === application.id);
  if (!appFact) throw new ApiProblem(404);
  const requirements = await catalogRequirements(context.db, scope.processId, null);
  const byId = new Map<string, CatalogRequirement>(requirements.map((row) => [row.id, row]));
  const checks = byRequirement(await checksOfRequirements(context.db, scope.processId, requirements.map((row) => row.id)));
  const standards = new Map<string, { id: string; title: string; version: string }>();
  const attested: AttestedRequirement[] = [];
  for (const [requirementId, rows] of checks) {
    const concerning = rows.filter((row) => APPLICATION_KINDS.includes(row.kind) && applicationsIn(row.scope, [appFact]).length > 0);
    if (concerning.length === 0) continue;
    const views: ComplianceCheck[] = [];
    for (const row of rows) {
      if (concerning.includes(row)) {
        // The check over this application alone, evaluated now (not recorded).
        const narrowed = { ...row, scope: { kind: 'applications' as const, keys: [appFact.app_key], portfolios: [], tags: [] } };
        const evaluation = await evaluateCheck(narrowed, facts);
        const view = checkView({ ...row, status: evaluation.status, summary: evaluation.summary, reasons: evaluation.reasons.slice(0, 100), reason_total: evaluation.reasonTotal ?? evaluation.reasons.length, evaluated_at: now }, target.visible);
        views.push(view);
      } else if (REQUIREMENT_KINDS.includes(row.kind)) {
        views.push(checkView(row, target.visible));
      }
    }
    const requirement = byId.get(requirementId)!;
    let standard = null;
    if (requirement.standard_id !== null) {
      if (!standards.has(requirement.standard_id)) {
        const found = isUuid(requirement.standard_id) ? await standardOfProcess(context.db, scope.processId, requirement.standard_id) : undefined;
        if (found) standards.set(requirement.standard_id, found);
      }
      standard = standards.get(requirement.standard_id) ?? null;
    }
    const status: ComplianceStatus = requirementStatus(views.map((view) => view.result.status))!;
    attested.push({ id: requirement.id, code: requirement.code, title: requirement.title, description: requirement.description, standard, status, checks: views });
  }
  attested.sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }));
  return attestation({
    now,
    publicUrl: target.publicUrl,
    organization: target.organization.name,
    process: { code: scope.processCode, name: target.processName },
    application: { app_key: appFact.app_key, name: appFact.name, build: appFact.build ? { id: appFact.build.id, number: appFact.build.number } : null },
    requirements: attested,
  });
}
