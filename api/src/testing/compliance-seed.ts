// Rows of the evidence compliance checks read, written as the families that own them write them
// (columns as their migrations say), for the tests of the facts and of evaluation: applications and
// their processed builds with components and findings, VEX analyses, security findings and their
// imports, the KEV catalog.
import type { FindingCategory } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface ProcessIds {
  organizationId: string;
  processId: string;
}

export async function seedApplication(db: Queryable, process: ProcessIds, key: string, more: { portfolio?: string; tags?: string[] } = {}): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO applications (organization_id, process_id, app_key, name, portfolio, tags) VALUES ($1, $2, $3, $3, $4, $5) RETURNING id',
    [process.organizationId, process.processId, key, more.portfolio ?? null, more.tags ?? []],
  );
  return row.id;
}

/** A build of the app, DONE unless said otherwise, uploaded `createdAt`. */
export async function seedBuild(db: Queryable, applicationId: string, createdAt: Date, status = 'DONE'): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO application_builds (application_id, number, status, format, spec_version, encoding, created_at)
     VALUES ($1, (SELECT coalesce(max(number), 0) + 1 FROM application_builds WHERE application_id = $1), $2, 'CycloneDX', '1.6', 'json', $3)
     RETURNING id`,
    [applicationId, status, createdAt.toISOString()],
  );
  return row.id;
}

export interface SeededComponent {
  position: number;
  name: string;
  version?: string;
  licenses?: string[];
}

export async function seedComponents(db: Queryable, buildId: string, components: readonly SeededComponent[]): Promise<void> {
  for (const component of components) {
    await db.query('INSERT INTO sbom_components (build_id, position, bom_ref, name, version, licenses) VALUES ($1, $2, $3, $4, $5, $6)', [
      buildId,
      component.position,
      `ref-${component.position}`,
      component.name,
      component.version ?? '1.0.0',
      component.licenses ?? [],
    ]);
  }
}

/** A finding of the build's component at `position`; first identified in `identifiedBuildId` (default the build). */
export async function seedSbomFinding(
  db: Queryable,
  buildId: string,
  position: number,
  vulnerabilityId: string,
  severity: string,
  more: { identifiedBuildId?: string; aliases?: string[]; activeExploit?: boolean } = {},
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO build_findings (build_id, identified_build_id, position, vulnerability_id, aliases, severity, active_exploit)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [buildId, more.identifiedBuildId ?? buildId, position, vulnerabilityId, more.aliases ?? [], severity, more.activeExploit ?? false],
  );
  return row.id;
}

export async function seedVex(db: Queryable, buildId: string, position: number, vulnerabilityId: string, state: string): Promise<void> {
  await db.query(
    `INSERT INTO vex_analyses (build_id, position, vulnerability_id, state, justification, source)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 = 'not_affected' THEN 'code_not_reachable' END, 'user')
     ON CONFLICT (build_id, position, vulnerability_id) DO UPDATE SET state = EXCLUDED.state, justification = EXCLUDED.justification`,
    [buildId, position, vulnerabilityId, state],
  );
}

export interface SeededSecurityFinding {
  scope: string;
  category: string;
  severity: string;
  state?: string;
  firstSeen: Date;
  ruleId?: string;
  /** The rule's name (a Security Hub control id). */
  ruleName?: string;
  title?: string;
  resource?: string;
  provider?: string;
  vulnerabilityIds?: string[];
}

/** An import of the scope (at `at`), then the finding as that import stored it. */
export async function seedSecurityFinding(db: Queryable, process: ProcessIds, finding: SeededSecurityFinding): Promise<string> {
  const importId = await seedImport(db, process, finding.scope, finding.firstSeen);
  const tool = finding.category.startsWith('cloud') ? 'AWS Security Hub' : 'Semgrep';
  const ruleId = finding.ruleId ?? `rule-${Math.random().toString(36).slice(2, 10)}`;
  await db.query(
    `INSERT INTO security_finding_rules (organization_id, tool_name, rule_id, name, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (organization_id, tool_name, rule_id) DO UPDATE SET name = EXCLUDED.name`,
    [process.organizationId, tool, ruleId, finding.ruleName ?? null],
  );
  const state = finding.state ?? 'open';
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO security_findings (organization_id, process_id, scope, fingerprint, tool_name, category, rule_id, severity, title, resource,
       location, vulnerability_ids, state, reason, expires_at, first_seen, last_seen, last_import_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, CASE WHEN $13 = 'risk_accepted' THEN 'Accepted' END,
       CASE WHEN $13 = 'risk_accepted' THEN DATE '2099-01-01' END, $14, $14, $15)
     RETURNING id`,
    [
      process.organizationId,
      process.processId,
      finding.scope,
      `fp-${Math.random().toString(36).slice(2)}`,
      tool,
      finding.category,
      ruleId,
      finding.severity,
      finding.title ?? ruleId,
      finding.resource ?? null,
      finding.provider ? JSON.stringify({ kind: 'cloud', provider: finding.provider, resourceId: finding.resource ?? null }) : null,
      finding.vulnerabilityIds ?? [],
      state,
      finding.firstSeen.toISOString(),
      importId,
    ],
  );
  return row.id;
}

/** An import into the scope; `categories`: its runs' (each a run of its own, without findings). */
export async function seedImport(db: Queryable, process: ProcessIds, scope: string, at: Date, categories: readonly FindingCategory[] = []): Promise<string> {
  const runs = categories.map((category) => ({ tool: { name: `${category} scanner` }, category, results: 0, findings: 0, passed: 0, suppressed: 0, ruleIds: [] }));
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO security_finding_imports (organization_id, process_id, scope, format, runs, created_at) VALUES ($1, $2, $3, 'sarif', $5::jsonb, $4) RETURNING id`,
    [process.organizationId, process.processId, scope, at.toISOString(), JSON.stringify(runs)],
  );
  return row.id;
}

export async function seedKev(db: Queryable, cveId: string): Promise<void> {
  await db.query('INSERT INTO known_exploited_vulnerabilities (cve_id) VALUES ($1) ON CONFLICT DO NOTHING', [cveId]);
}
