// The SQL of the evaluators' facts (facts.ts): each a read of one process's evidence, narrow rows.
// What counts as open is the metrics' definition (metrics/repository.ts): an SBOM finding of an
// application's current build without a VEX analysis of not_affected or false_positive; a security
// finding open or confirmed.
import type { Queryable } from '../db/database';
import type {
  ApplicationFact,
  BuildProvenanceFact,
  ControlFindingFact,
  ControlPassFact,
  EvidenceFact,
  FindingScopeFact,
  ProfileFact,
  RbomComponentFact,
  RecurringTaskFact,
  SbomFindingFact,
  SecurityFindingFact,
} from './facts';

/** The process an evaluation run reads. */
export interface ProcessRef {
  organizationId: string;
  processId: string;
}

interface ApplicationRow extends Omit<ApplicationFact, 'build'> {
  build_id: string | null;
  build_number: number | null;
  build_created_at: Date | string | null;
}

export async function applicationFacts(db: Queryable, process: ProcessRef): Promise<ApplicationFact[]> {
  const rows = await db.query<ApplicationRow>(
    `SELECT a.id, a.app_key, a.name, a.portfolio, a.tags, b.id AS build_id, b.number AS build_number, b.created_at AS build_created_at
       FROM applications a
       LEFT JOIN LATERAL (SELECT id, number, created_at FROM application_builds
                           WHERE application_id = a.id AND status = 'DONE' ORDER BY number DESC LIMIT 1) b ON true
      WHERE a.organization_id = $1 AND a.process_id = $2
      ORDER BY lower(a.app_key)`,
    [process.organizationId, process.processId],
  );
  return rows.map(({ build_id, build_number, build_created_at, ...app }) => ({
    ...app,
    build: build_id === null ? null : { id: build_id, number: build_number!, created_at: new Date(build_created_at!) },
  }));
}

const KEV = (ids: string) => `EXISTS (SELECT 1 FROM known_exploited_vulnerabilities k WHERE k.cve_id = ANY(${ids}))`;

export async function sbomFindingFacts(db: Queryable, process: ProcessRef): Promise<SbomFindingFact[]> {
  const rows = await db.query<Omit<SbomFindingFact, 'identified_at'> & { identified_at: Date | string }>(
    `WITH current_builds AS (
       SELECT DISTINCT ON (b.application_id) b.id, b.application_id, b.created_at
         FROM application_builds b JOIN applications a ON a.id = b.application_id
        WHERE a.organization_id = $1 AND a.process_id = $2 AND b.status = 'DONE'
        ORDER BY b.application_id, b.number DESC
     )
     SELECT f.id, cb.application_id, f.build_id, f.vulnerability_id, lower(f.severity) AS severity,
            coalesce(ib.created_at, cb.created_at) AS identified_at,
            (f.active_exploit OR ${KEV('array_prepend(f.vulnerability_id, f.aliases)')}) AS exploited,
            coalesce(concat(c.group_name || '/', c.name, '@' || c.version), '#' || f.position) AS component
       FROM current_builds cb
       JOIN build_findings f ON f.build_id = cb.id
       LEFT JOIN application_builds ib ON ib.id = f.identified_build_id
       LEFT JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
       LEFT JOIN vex_analyses v ON v.build_id = f.build_id AND v.position = f.position AND v.vulnerability_id = f.vulnerability_id
      WHERE v.state IS NULL OR v.state NOT IN ('not_affected', 'false_positive')`,
    [process.organizationId, process.processId],
  );
  return rows.map((row) => ({ ...row, identified_at: new Date(row.identified_at) }));
}

const SECURITY_COLUMNS = `s.id, s.scope, s.category, s.severity, s.first_seen, s.title, s.rule_id, s.resource, s.location->>'provider' AS provider`;

type Timed<T> = Omit<T, 'first_seen'> & { first_seen: Date | string };
const timed = <T extends { first_seen: Date }>(row: Timed<T>): T => ({ ...row, first_seen: new Date(row.first_seen) }) as T;

export async function securityFindingFacts(db: Queryable, process: ProcessRef): Promise<SecurityFindingFact[]> {
  const rows = await db.query<Timed<SecurityFindingFact>>(
    `SELECT ${SECURITY_COLUMNS}, ${KEV('s.vulnerability_ids')} AS exploited
       FROM security_findings s
      WHERE s.organization_id = $1 AND s.process_id = $2 AND s.state IN ('open', 'confirmed')`,
    [process.organizationId, process.processId],
  );
  return rows.map((row) => timed<SecurityFindingFact>(row));
}

/**
 * Every scope findings were imported into; a cloud account's (aws:, azure:, gcp:), or one that held
 * a cloud finding, is a cloud scope. Its categories: those of its imports' runs (a run without
 * findings says its tool scanned the scope clean) and those of the findings it holds.
 */
export async function findingScopeFacts(db: Queryable, process: ProcessRef): Promise<FindingScopeFact[]> {
  return db.query<FindingScopeFact>(
    `SELECT i.scope,
            (i.scope ~ '^(aws|azure|gcp):' OR EXISTS (SELECT 1 FROM security_findings s
               WHERE s.organization_id = $1 AND s.process_id = $2 AND s.scope = i.scope AND s.category IN ('cloud-posture', 'cloud-threat'))) AS cloud,
            ARRAY(SELECT c.category FROM (
                    SELECT run->>'category' AS category FROM security_finding_imports m
                      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(m.runs) = 'array' THEN m.runs ELSE '[]'::jsonb END) run
                     WHERE m.organization_id = $1 AND m.process_id = $2 AND m.scope = i.scope
                    UNION
                    SELECT s.category FROM security_findings s WHERE s.organization_id = $1 AND s.process_id = $2 AND s.scope = i.scope
                  ) c WHERE c.category IS NOT NULL ORDER BY c.category) AS categories
       FROM (SELECT DISTINCT scope FROM security_finding_imports WHERE organization_id = $1 AND process_id = $2) i
      ORDER BY i.scope`,
    [process.organizationId, process.processId],
  );
}

/**
 * Open findings of the controls: a finding's rule id is the control (a Prowler check id, a Defender
 * assessment key), ends with '/<control>' (a Security Hub generator id of a standard's control), or
 * its rule is named by it (Security Hub's control id, e.g. S3.1). Case-insensitive.
 */
export async function controlFindingFacts(db: Queryable, process: ProcessRef, controls: readonly string[]): Promise<ControlFindingFact[]> {
  const rows = await db.query<Timed<ControlFindingFact>>(
    `SELECT ${SECURITY_COLUMNS}, false AS exploited, c.control
       FROM security_findings s
       LEFT JOIN security_finding_rules r ON r.organization_id = s.organization_id AND r.tool_name = s.tool_name AND r.rule_id = s.rule_id
       JOIN unnest($3::text[]) AS c(control)
         ON lower(s.rule_id) = lower(c.control) OR lower(r.name) = lower(c.control) OR lower(right(s.rule_id, length(c.control) + 1)) = lower('/' || c.control)
      WHERE s.organization_id = $1 AND s.process_id = $2 AND s.state IN ('open', 'confirmed')`,
    [process.organizationId, process.processId, controls],
  );
  return rows.map((row) => timed<ControlFindingFact>(row));
}

/** Resources reported passing the controls (security_control_passes), matched as controlFindingFacts matches findings. */
export function controlPassFacts(db: Queryable, process: ProcessRef, controls: readonly string[]): Promise<ControlPassFact[]> {
  return db.query<ControlPassFact>(
    `SELECT * FROM (
       SELECT DISTINCT p.scope, c.control, p.resource, p.provider
         FROM security_control_passes p
         JOIN unnest($3::text[]) AS c(control)
           ON lower(p.rule_id) = lower(c.control) OR lower(p.control) = lower(c.control) OR lower(right(p.rule_id, length(c.control) + 1)) = lower('/' || c.control)
        WHERE p.organization_id = $1 AND p.process_id = $2
     ) passed ORDER BY lower(control), resource, scope`,
    [process.organizationId, process.processId, controls],
  );
}

/** The provenance of each application's current build (its newest processed one). */
export function provenanceFacts(db: Queryable, process: ProcessRef): Promise<BuildProvenanceFact[]> {
  return db.query<BuildProvenanceFact>(
    `WITH current_builds AS (
       SELECT DISTINCT ON (b.application_id) b.id, b.provenance, b.service_module_id
         FROM application_builds b JOIN applications a ON a.id = b.application_id
        WHERE a.organization_id = $1 AND a.process_id = $2 AND b.status = 'DONE'
        ORDER BY b.application_id, b.number DESC
     )
     SELECT cb.id AS build_id, cb.provenance, cb.service_module_id IS NOT NULL AS pipeline,
            (SELECT count(*)::int FROM sbom_components c WHERE c.build_id = cb.id) AS components,
            (SELECT count(*)::int FROM sbom_components c WHERE c.build_id = cb.id AND c.purl IS NOT NULL AND c.purl <> '') AS identified
       FROM current_builds cb`,
    [process.organizationId, process.processId],
  );
}

export async function profileFacts(db: Queryable, process: ProcessRef): Promise<ProfileFact[]> {
  return db.query<ProfileFact>(
    `SELECT p.id, p.application_id, p.name, p.environment, p.version, p.build_id, b.number AS build_number, b.status AS build_status, p.exclude, p.include_types
       FROM deployment_profiles p LEFT JOIN application_builds b ON b.id = p.build_id
      WHERE p.organization_id = $1 AND p.process_id = $2
      ORDER BY lower(p.name), p.id`,
    [process.organizationId, process.processId],
  );
}

export async function rbomFacts(db: Queryable, buildId: string, positions: readonly number[]): Promise<RbomComponentFact[]> {
  return db.query<RbomComponentFact>(
    `SELECT position, name, group_name AS "group", version, licenses FROM sbom_components
      WHERE build_id = $1 AND position = ANY($2::int[]) ORDER BY position`,
    [buildId, positions],
  );
}

export async function evidenceFacts(db: Queryable, requirementId: string): Promise<EvidenceFact[]> {
  return db.query<EvidenceFact>(
    `SELECT d.id, d.folder, d.name, d.tags, to_char(d.review_by, 'YYYY-MM-DD') AS review_by
       FROM document_requirements l JOIN documents d ON d.id = l.document_id
      WHERE l.requirement_id = $1
      ORDER BY d.folder, d.name`,
    [requirementId],
  );
}

/**
 * The occurrences of recurring series: those linked to the requirement (a general task's link, or
 * its requirement), or the series of `taskId` (of the process) — each occurrence with its series'
 * first occurrence and when it was completed (its Complete event).
 */
export async function recurringTaskFacts(db: Queryable, process: ProcessRef, requirementId: string, taskId: string | null): Promise<RecurringTaskFact[]> {
  const rows = await db.query<Omit<RecurringTaskFact, 'completed_at'> & { completed_at: Date | string | null }>(
    `WITH RECURSIVE seeds AS (
       SELECT t.id FROM tasks t
        WHERE t.organization_id = $1 AND t.process_id = $2 AND (t.recurrence IS NOT NULL OR t.previous_id IS NOT NULL)
          AND CASE WHEN $4::uuid IS NULL
                   THEN (t.link_kind = 'requirement' AND t.link_id = $3::uuid) OR t.requirement_id = $3::uuid
                   ELSE t.id = $4::uuid END
     ),
     roots AS (
       SELECT s.id, s.id AS at FROM seeds s
       UNION
       SELECT r.id, t.previous_id FROM roots r JOIN tasks t ON t.id = r.at WHERE t.previous_id IS NOT NULL
     ),
     series AS (
       SELECT DISTINCT ON (r.id) r.at AS root FROM roots r JOIN tasks t ON t.id = r.at WHERE t.previous_id IS NULL
     ),
     occurrences AS (
       SELECT s.root AS series, s.root AS id FROM series s
       UNION
       SELECT o.series, t.id FROM occurrences o JOIN tasks t ON t.previous_id = o.id
     )
     SELECT t.id, o.series, t.title, t.status, to_char(t.due_date, 'YYYY-MM-DD') AS due_date,
            (SELECT max(e.time) FROM task_events e WHERE e.task_id = t.id AND e.type = 'Complete') AS completed_at
       FROM occurrences o JOIN tasks t ON t.id = o.id
      WHERE t.due_date IS NOT NULL
      ORDER BY o.series, t.due_date, t.id`,
    [process.organizationId, process.processId, requirementId, taskId],
  );
  return rows.map((row) => ({ ...row, completed_at: row.completed_at === null ? null : new Date(row.completed_at) }));
}
