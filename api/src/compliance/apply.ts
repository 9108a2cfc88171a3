// Applying the templates to an imported catalog in one action (docs/compliance.md, "Templates"):
// each template's checks are added to the catalog's requirement of its control (matched by control
// id: the requirement's `source`, any case), in one transaction holding the process's compliance
// lock, then evaluated at once. Idempotent: a check equal to one the requirement already has (same
// kind, scope and parameters, defaults filled in) is skipped, so applying twice adds nothing twice.
// The answer says what was added and what was skipped, and why.
import {
  COMPLIANCE_LIMITS,
  COMPLIANCE_TEMPLATE_MESSAGES as M,
  type ComplianceTemplateAdded,
  type ComplianceTemplateApplyResult,
  type ComplianceTemplateSkipped,
} from '@portal/shared/server';
import type { Scope } from '../analysis/service';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { slaOfProcess } from '../operations/service';
import { catalogRequirements, standardOfProcess } from './catalog.repository';
import { describeCheck } from './describe';
import { evaluateAndRecord, type ComplianceContext } from './evaluate';
import { parseCheckInput, type CheckDefinition } from './input';
import { checksOfRequirements, insertCheck } from './repository';
import { lockProcessCompliance } from './results.repository';
import { complianceTemplates } from './templates';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The same check whatever the order of its keys (scope and params are written by input.ts, in its order, but stored as jsonb). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  return JSON.stringify(value);
}

const signature = (check: Pick<CheckDefinition, 'kind' | 'scope' | 'params'>) => canonical({ kind: check.kind, scope: check.scope, params: check.params });

/** The body: `standard_id` (a standard of the process) and optionally `controls` (template control ids). */
function parseApply(body: unknown, known: ReadonlySet<string>): { standardId: string; controls: string[] | null } {
  if (!isObject(body)) throw new ApiProblem(400, 'The body must be a JSON object.');
  const errors: Record<string, string> = {};
  for (const field of Object.keys(body)) if (field !== 'standard_id' && field !== 'controls') errors[field.slice(0, 64)] = M.unknownField(field.slice(0, 64));
  if (!isUuid(body.standard_id)) errors.standard_id = M.standard;
  let controls: string[] | null = null;
  if (body.controls !== undefined) {
    const valid = Array.isArray(body.controls) && body.controls.length > 0 && body.controls.every((control) => typeof control === 'string' && known.has(control.toLowerCase()));
    if (valid) controls = [...new Set((body.controls as string[]).map((control) => control.toLowerCase()))];
    else errors.controls = M.controls;
  }
  const [first] = Object.values(errors);
  if (first !== undefined) throw new ApiProblem(400, first, {}, errors);
  return { standardId: (body.standard_id as string).toLowerCase(), controls };
}

export async function applyTemplates(context: ComplianceContext, scope: Scope, body: unknown): Promise<ComplianceTemplateApplyResult> {
  const templates = complianceTemplates((await slaOfProcess(context.db, scope.organizationId, scope.processId)).sla);
  const { standardId, controls } = parseApply(body, new Set(templates.map((template) => template.control_id)));
  // Another process's or organization's standard is none of this process's: the field is refused.
  if (!(await standardOfProcess(context.db, scope.processId, standardId))) throw new ApiProblem(400, M.standard, {}, { standard_id: M.standard });
  const chosen = templates.filter((template) => controls === null || controls.includes(template.control_id));
  const wanted = chosen.map((template) => ({ template, checks: template.checks.map((input) => parseCheckInput(input)) }));

  const added: ComplianceTemplateAdded[] = [];
  const skipped: ComplianceTemplateSkipped[] = [];
  await context.db.transaction(async (tx) => {
    // One application at a time per process: two at once would both add what neither saw.
    await lockProcessCompliance(tx, scope.processId);
    const requirements = await catalogRequirements(tx, scope.processId, standardId);
    const bySource = new Map(requirements.filter((row) => row.source !== null).map((row) => [row.source!.toLowerCase(), row]));
    const matched = chosen.map((template) => bySource.get(template.control_id)).filter((row) => row !== undefined);
    const existing = await checksOfRequirements(tx, scope.processId, matched.map((row) => row.id));
    const held = new Map<string, string[]>();
    for (const check of existing) held.set(check.requirement_id, [...(held.get(check.requirement_id) ?? []), signature(check)]);
    for (const { template, checks } of wanted) {
      const requirement = bySource.get(template.control_id);
      for (const check of checks) {
        const base = { control_id: template.control_id, kind: check.kind };
        if (!requirement) {
          skipped.push({ ...base, requirement_id: null, code: null, reason: 'not-in-catalog' });
          continue;
        }
        const signatures = held.get(requirement.id) ?? [];
        const reason = signatures.includes(signature(check)) ? 'already-applied' : signatures.length >= COMPLIANCE_LIMITS.checks ? 'too-many-checks' : null;
        if (reason) {
          skipped.push({ ...base, requirement_id: requirement.id, code: requirement.code, reason });
          continue;
        }
        const owner = { organizationId: scope.organizationId, processId: scope.processId, requirementId: requirement.id };
        const id = await insertCheck(tx, owner, check, scope.actor.id, context.now());
        held.set(requirement.id, [...signatures, signature(check)]);
        added.push({ ...base, requirement_id: requirement.id, code: requirement.code, check_id: id, description: describeCheck(check) });
      }
    }
  });

  // Evaluated at once, as a check added through its route is.
  const requirementIds = [...new Set(added.map((entry) => entry.requirement_id))];
  if (requirementIds.length > 0) {
    const process = { organizationId: scope.organizationId, processId: scope.processId, processCode: scope.processCode };
    await evaluateAndRecord(context, process, await checksOfRequirements(context.db, scope.processId, requirementIds), requirementIds);
  }
  return { standard_id: standardId, added, skipped };
}
