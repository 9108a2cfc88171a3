// Applications, builds, findings and components as the API answers them. Test-only.
import type { BuildVulnerability, BuildVulnerabilityDetail, BuildVulnerabilityPage, VexAnalysis } from '@portal/shared';
import type { ApplicationDetail, ApplicationSummary, Build, BuildDetail, SbomComponentRow, SeverityCounts, VulnerabilityDetail } from '../lib/types';

export function counts(partial: Partial<SeverityCounts> = {}): SeverityCounts {
  const base = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, NONE: 0, UNKNOWN: 0, ...partial };
  const total = base.CRITICAL + base.HIGH + base.MEDIUM + base.LOW + base.NONE + base.UNKNOWN;
  return { ...base, total: partial.total ?? total };
}

export function application(key: string, overrides: Partial<ApplicationSummary> = {}): ApplicationSummary {
  return {
    id: `id-${key}`,
    app_key: key,
    name: `${key} app`,
    portfolio: null,
    process: 'CORE',
    enable_continuous_monitoring: false,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    build_count: 0,
    latest_build: null,
    vulnerabilities: counts(),
    ...overrides,
  };
}

export function build(number: number, overrides: Partial<Build> = {}): Build {
  return {
    id: `b${number}`,
    number,
    status: 'DONE',
    format: 'CycloneDX',
    spec_version: '1.2',
    encoding: 'json',
    serial_number: null,
    root: { bom_ref: 'root', name: 'juice-shop', version: '11.1.2' },
    component_count: 3,
    vulnerability_count: 2,
    error: null,
    uploaded_by: 'ada',
    via: 'session',
    created_at: `2026-11-2${number % 10}T09:30:00.000Z`,
    started_at: `2026-11-2${number % 10}T09:30:01.000Z`,
    finished_at: `2026-11-2${number % 10}T09:30:02.000Z`,
    ...overrides,
  };
}

export function applicationDetail(key: string, builds: Build[], overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  const { build_count: _count, latest_build: _latest, ...summary } = application(key);
  return { ...summary, builds, vulnerabilities: counts(), ...overrides };
}

export function buildDetail(number: number, overrides: Partial<BuildDetail> = {}): BuildDetail {
  return { ...build(number), app_key: 'shop', vulnerabilities: counts(), ...overrides };
}

/** A finding of a build with its analysis, as POST …/vulnerabilities lists it. */
type FindingOverrides = Partial<Omit<BuildVulnerability, 'component'>> & { component?: Partial<BuildVulnerability['component']> };

export function finding(id: string, overrides: FindingOverrides = {}): BuildVulnerability {
  const { component: componentOverrides, ...rest } = overrides;
  return {
    id: `f-${id}`,
    identified_build_id: 'b1',
    vulnerability_id: id,
    aliases: [],
    severity: 'HIGH',
    score: 7.5,
    active_exploit: false,
    evaluation: 'affected',
    summary: `Summary of ${id}`,
    fixed_versions: [],
    component: { bom_ref: 'pkg:npm/lodash@4.17.15', group: null, name: 'lodash', version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15', ...componentOverrides },
    analysis: null,
    ...rest,
  };
}

export function analysis(overrides: Partial<VexAnalysis> = {}): VexAnalysis {
  return {
    state: 'not_affected',
    justification: 'code_not_reachable',
    response: [],
    detail: null,
    source: 'user',
    carried_over_from: null,
    first_issued: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    updated_by: 'ada',
    ...overrides,
  };
}

/** The answer of POST …/vulnerabilities for these findings (one page). */
export function findingsPage(items: BuildVulnerability[], total = items.length): BuildVulnerabilityPage {
  const byState = { not_set: 0, resolved: 0, resolved_with_pedigree: 0, false_positive: 0, not_affected: 0, in_triage: 0, exploitable: 0 };
  for (const item of items) byState[item.analysis?.state ?? 'not_set'] += 1;
  return { items, total, by_state: byState };
}

export function findingDetail(item: BuildVulnerability, overrides: Partial<BuildVulnerabilityDetail> = {}): BuildVulnerabilityDetail {
  return { ...item, advisory: vulnerability(item.vulnerability_id, { aliases: item.aliases, severity: item.severity, score: item.score }), trail: [], ...overrides };
}

export function component(ref: string, parent: string | null, overrides: Partial<SbomComponentRow> = {}): SbomComponentRow {
  return {
    bom_ref: ref,
    project: 'shop',
    parent,
    type: 'library',
    group: null,
    name: ref,
    version: '1.0.0',
    purl: `pkg:npm/${ref}@1.0.0`,
    licenses: [],
    level: parent === null ? 0 : 1,
    total: 0,
    vulnerabilityCount: 0,
    vulnerabilities: [],
    sub_components: [],
    ...overrides,
  };
}

export function vulnerability(id: string, overrides: Partial<VulnerabilityDetail> = {}): VulnerabilityDetail {
  return {
    id,
    aliases: [],
    summary: `Summary of ${id}`,
    details: null,
    published: '2020-07-15T17:15:00.000Z',
    modified: '2021-05-01T00:00:00.000Z',
    severity: 'HIGH',
    score: 7.4,
    vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:N',
    activeExploit: false,
    knownExploited: [],
    record: { id, modified: '2021-05-01T00:00:00.000Z' },
    ...overrides,
  };
}

/** A JSON file; with `size`, it claims that many bytes without allocating them (only the size is read before sending). */
export function jsonFile(name: string, content = '{}', size?: number): File {
  const file = new File([content], name, { type: 'application/json' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
