// The backup format (issue 25 item 7, docs/recovery.md): what of a process a backup holds and how
// the archive is laid out. The design is generic: a table belongs to the process through a scope
// (its process_id, or its parent's), its rows are exported whole (row_to_json) in chunks, and a
// restore remaps every exported `id` to a fresh one and rewrites the references (uuid, uuid[] and
// the strings inside json columns). Only what cannot be said generically is said here: the order
// in which tables are restored (parents first), which columns hold a file's bytes, and the
// application key that must stay unique in the organization.

/** The archive's format; a backup of a newer one is refused by an older API. */
export const FORMAT_VERSION = 1;
export const FORMAT_NAME = 'portal-process-backup';

/** Rows per table member (tables/<name>/<nnnn>.jsonl): bounds what is held in memory at once. */
export const ROWS_PER_MEMBER = 2000;

const BY_PROCESS = 'process_id = $1';
const of = (table: string, column = 'id') => (parent: string) => `${parent} IN (SELECT ${column} FROM ${table} WHERE process_id = $1)`;
const ofTasks = of('tasks')('task_id');
const ofDocuments = of('documents')('document_id');
const ofApplications = of('applications')('application_id');
const ofBuilds = `build_id IN (SELECT b.id FROM application_builds b JOIN applications a ON a.id = b.application_id WHERE a.process_id = $1)`;
const ofProfiles = of('deployment_profiles')('profile_id');
const ofFindings = of('security_findings')('finding_id');
const ofAlarms = of('alarms')('alarm_id');

export interface TableSpec {
  name: string;
  /** The rows of the process ($1: its id). */
  where: string;
  /** A column of file bytes kept out of the rows: the file is a member `files/<sha256>` named by `hash`. */
  blob?: { column: string; hash: string };
  /** The rows name files of the evidence library's blob store by this column (SHA-256). */
  storedFile?: string;
  /**
   * uuid columns without a foreign key that may name a row no longer there (the history of a
   * deleted compliance check): an id outside the backup gets a fresh one of its own (the same for
   * every row naming it) instead of NULL, which would say something else.
   */
  looseIds?: readonly string[];
}

/** Every table of a process, in restore order: a table comes after the tables it references. */
export const TABLES: readonly TableSpec[] = [
  { name: 'requirements', where: BY_PROCESS },
  { name: 'requirement_events', where: BY_PROCESS },
  { name: 'requirement_comments', where: BY_PROCESS },
  { name: 'requirement_links', where: BY_PROCESS },
  { name: 'duplicate_dismissals', where: BY_PROCESS },
  { name: 'attachments', where: BY_PROCESS, blob: { column: 'content', hash: 'sha256' } },
  { name: 'tasks', where: BY_PROCESS },
  { name: 'task_comments', where: ofTasks },
  { name: 'task_events', where: ofTasks },
  { name: 'gaps', where: BY_PROCESS },
  { name: 'risks', where: BY_PROCESS },
  { name: 'conflicts', where: BY_PROCESS },
  { name: 'documents', where: BY_PROCESS },
  { name: 'document_versions', where: ofDocuments, storedFile: 'sha256' },
  { name: 'document_requirements', where: ofDocuments },
  { name: 'document_tasks', where: ofDocuments },
  { name: 'standards', where: BY_PROCESS },
  { name: 'standard_imports', where: BY_PROCESS },
  { name: 'applications', where: BY_PROCESS },
  { name: 'application_plane_placements', where: ofApplications },
  { name: 'requirement_applications', where: BY_PROCESS },
  { name: 'application_builds', where: ofApplications },
  { name: 'sbom_components', where: ofBuilds },
  { name: 'sbom_dependencies', where: ofBuilds },
  { name: 'build_findings', where: ofBuilds },
  { name: 'vex_analyses', where: ofBuilds },
  { name: 'vex_analysis_trail', where: ofBuilds },
  { name: 'license_risk_alerts', where: BY_PROCESS },
  { name: 'monitoring_events', where: BY_PROCESS },
  { name: 'deployment_profiles', where: BY_PROCESS },
  { name: 'deployment_configurations', where: ofProfiles },
  { name: 'security_finding_imports', where: BY_PROCESS },
  { name: 'security_control_passes', where: BY_PROCESS },
  { name: 'security_findings', where: BY_PROCESS },
  { name: 'security_finding_events', where: ofFindings },
  { name: 'security_finding_requirements', where: ofFindings },
  { name: 'security_finding_sla', where: BY_PROCESS },
  { name: 'metric_definitions', where: BY_PROCESS },
  { name: 'metric_snapshots', where: BY_PROCESS },
  { name: 'alarms', where: BY_PROCESS },
  { name: 'alarm_events', where: ofAlarms },
  // Live compliance (migrations 040, 045): the checks with their current results, the
  // requirements' statuses (their open gap) and the history of both. Last but memberships: the
  // evidence tables' triggers record changes only for a process that has checks, so none is queued
  // while the evidence is restored, and the results come back as they were (the next scheduled
  // evaluation brings them up to date). compliance_changes is a queue, not kept.
  { name: 'compliance_checks', where: BY_PROCESS },
  { name: 'compliance_requirements', where: BY_PROCESS },
  { name: 'compliance_history', where: BY_PROCESS, looseIds: ['check_id'] },
  { name: 'memberships', where: BY_PROCESS },
];

/** The process's own row (its settings: name, type, module configuration, notification settings). */
export const PROCESS_MEMBER = 'process.json';
/** First member: tells the format before anything else is read. */
export const FORMAT_MEMBER = 'format.json';
/** Last member: counts and the SHA-256 of every other member. */
export const MANIFEST_MEMBER = 'manifest.json';
export const tableMember = (table: string, chunk: number) => `tables/${table}/${String(chunk).padStart(4, '0')}.jsonl`;
export const fileMember = (sha256: string) => `files/${sha256}`;

export interface FormatHeader {
  format: typeof FORMAT_NAME;
  format_version: number;
  /** The newest database migration of the API that wrote it. */
  schema_version: string;
}

export interface ManifestMember {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest extends FormatHeader {
  created_at: string;
  process: { id: string; organization_id: string; code_name: string; name: string };
  /** Rows per table, and `files`: the distinct files by content hash. */
  counts: Record<string, number>;
  members: ManifestMember[];
}

export const SHA256 = /^[0-9a-f]{64}$/;
