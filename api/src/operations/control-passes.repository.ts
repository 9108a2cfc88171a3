// The cloud controls resources passed (migration 047, docs/compliance.md `cloud-control`): an
// import replaces the rows of its tools in its scope with the passes it reports (ASFF PASSED,
// Prowler PASS), so that they are what the last import of each tool said.
import type { PassedControl } from '@portal/shared/server';
import type { Queryable } from '../db/database';

/** Rows written per statement. */
const BATCH = 1000;

export interface PassTarget {
  organizationId: string;
  processId: string;
  scope: string;
  now: Date;
}

/** Postgres text holds no NUL (a file's strings may). */
const clean = (value: string) => value.split('\u0000').join('');

/** Replaces the passes of `tools` in the scope by those of the import (call it in the import's transaction). */
export async function replaceControlPasses(tx: Queryable, target: PassTarget, importId: string, tools: readonly string[], passes: readonly PassedControl[]): Promise<void> {
  await tx.query('DELETE FROM security_control_passes WHERE process_id = $1 AND scope = $2 AND tool_name = ANY($3::text[])', [target.processId, target.scope, tools]);
  // One row per tool, rule and resource (a file may list a result twice).
  const rows = new Map<string, PassedControl>();
  for (const pass of passes) rows.set(`${pass.tool.name}\u0000${pass.ruleId}\u0000${pass.resource}`, pass);
  const list = [...rows.values()];
  for (let start = 0; start < list.length; start += BATCH) {
    const batch = list.slice(start, start + BATCH);
    await tx.query(
      `INSERT INTO security_control_passes (organization_id, process_id, scope, tool_name, rule_id, control, resource, provider, import_id, seen_at)
       SELECT $1, $2, $3, p.tool_name, p.rule_id, p.control, p.resource, p.provider, $4, $5::timestamptz
         FROM unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[]) AS p(tool_name, rule_id, control, resource, provider)
       ON CONFLICT (process_id, scope, tool_name, rule_id, resource) DO NOTHING`,
      [
        target.organizationId,
        target.processId,
        target.scope,
        importId,
        target.now.toISOString(),
        batch.map((pass) => clean(pass.tool.name).trim() || '(unnamed tool)'),
        batch.map((pass) => clean(pass.ruleId)),
        batch.map((pass) => (pass.control === null ? null : clean(pass.control))),
        batch.map((pass) => clean(pass.resource)),
        batch.map((pass) => pass.provider),
      ],
    );
  }
}
