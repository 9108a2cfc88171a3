// Computing a profile's deployment configuration — its RBOM — in the background (spec 7: the UI
// asks requestDeploymentConfiguration again every 15 s until it is ready). A request starts the
// computation for the profile's version and attached build (a job: configuration-jobs.ts) and waits
// for it a moment, so a small build answers at once; a large one (tens of thousands of components)
// answers 202 PENDING until done.
import type { DeploymentConfiguration, RbomComponent, RbomExclusion } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { severityView } from '../apps/index';
import { loadGraph } from '../graph/index';
import { impliedEdges } from '../graph/service';
import { ApiProblem } from '../http/problem';
import {
  buildNumberOf,
  buildRootOf,
  componentsAt,
  findConfiguration,
  requestConfiguration,
  storeConfiguration,
  type ConfigurationRow,
  type ProfileRow,
} from './repository';
import { runtimeComponents } from './rbom';

/** How long a request waits for the computation before answering PENDING. */
export const ANSWER_WAIT_MS = 2000;
export const NO_BUILD = 'Attach a build to the profile first: its RBOM is computed from the build.';
export const buildFailed = (number: number) => `Build ${number} failed to process: attach another build to the profile.`;
export const buildProcessing = (number: number) => `Build ${number} is still being processed: the RBOM is computed once it is done.`;
export const COMPUTE_FAILED = 'The RBOM could not be computed.';

/** How a request has its configuration computed: a job (configuration-jobs.ts), waited for a moment. */
export interface ConfigurationJobs {
  /** Sends the job of the profile's version and waits up to `waitMs` for its configuration to be computed (or to fail). */
  request(profile: { id: string; version: number }, waitMs: number): Promise<void>;
}

/** The profile's rule applied to its build (`build_id` set): what of the build runs, and what is left out and why. */
export async function runtimeOf(db: Queryable, profile: Pick<ProfileRow, 'build_id' | 'exclude' | 'include_types'>): Promise<ReturnType<typeof runtimeComponents>> {
  const build = await buildRootOf(db, profile.build_id!);
  const graph = await loadGraph(db, profile.build_id!);
  const root = build?.root_ref === null || !build ? -1 : graph.components.findIndex((component) => component.bom_ref === build.root_ref);
  return runtimeComponents({
    components: graph.components.map((component) => ({ ...component, group: component.group_name })),
    edges: [...graph.edges, ...impliedEdges(graph.components, graph.edges)],
    root: root < 0 ? null : root,
    exclude: profile.exclude,
    includeTypes: profile.include_types,
  });
}

/** Computes and stores the configuration of the profile's version (stored only while it is still the one asked for). */
export async function computeConfiguration(database: Database, profile: ProfileRow): Promise<void> {
  await storeConfiguration(database, profile.id, profile.version, await runtimeOf(database, profile));
}

/**
 * The positions of the profile's RBOM (live compliance reads it): the stored configuration's when it
 * is READY for the profile's version and build, else computed now (not stored: a request computes
 * and keeps it). `build_id` must name a processed build.
 */
export async function rbomPositions(
  db: Queryable,
  profile: Pick<ProfileRow, 'id' | 'version' | 'build_id' | 'exclude' | 'include_types'>,
): Promise<number[]> {
  const stored = await findConfiguration(db, profile.id);
  if (stored && stored.status === 'READY' && stored.profile_version === profile.version && stored.build_id === profile.build_id) return stored.positions;
  return (await runtimeOf(db, profile)).kept;
}

/**
 * The profile's configuration as it stands after this request: computed already, being computed
 * (started now, waited for a moment), or waiting for its build. 409 without a usable build.
 */
export async function ensureConfiguration(database: Database, configurations: ConfigurationJobs, profile: ProfileRow): Promise<ConfigurationRow> {
  if (profile.build_id === null) throw new ApiProblem(409, NO_BUILD);
  if (profile.build_status === 'FAILED') throw new ApiProblem(409, buildFailed(profile.build_number!));
  let current = await findConfiguration(database, profile.id);
  const upToDate = current && current.profile_version === profile.version && current.build_id === profile.build_id;
  if (profile.build_status !== 'DONE') {
    if (!upToDate) await requestConfiguration(database, profile.id, profile.version, profile.build_id, buildProcessing(profile.build_number!));
    return (await findConfiguration(database, profile.id))!;
  }
  if (upToDate && current!.status !== 'PENDING') return current!;
  if (!upToDate || current!.message !== null) await requestConfiguration(database, profile.id, profile.version, profile.build_id, null);
  await configurations.request(profile, ANSWER_WAIT_MS);
  current = await findConfiguration(database, profile.id);
  return current!;
}

/** What requestDeploymentConfiguration answers: the status, and the RBOM once ready. */
export async function configurationView(db: Queryable, profile: ProfileRow, row: ConfigurationRow): Promise<DeploymentConfiguration> {
  const build = await buildNumberOf(db, row.build_id);
  const view: DeploymentConfiguration = {
    status: row.status,
    profile: { id: profile.id, name: profile.name, environment: profile.environment, version: profile.version },
    build: build ? { id: row.build_id, number: build.number } : null,
    requested_at: new Date(row.requested_at).toISOString(),
    computed_at: row.computed_at === null ? null : new Date(row.computed_at).toISOString(),
    message: row.message,
  };
  if (row.status !== 'READY') return view;
  const kept = await componentsAt(db, row.build_id, row.positions);
  const left = new Map((await componentsAt(db, row.build_id, row.excluded.map((exclusion) => exclusion.position))).map((component) => [component.position, component]));
  const components: RbomComponent[] = kept.map(({ position: _position, vulnerabilities, ...component }) => ({ ...component, vulnerabilities: vulnerabilities ?? [] }));
  const excluded: RbomExclusion[] = row.excluded.flatMap((exclusion) => {
    const component = left.get(exclusion.position);
    if (!component) return [];
    return [{ bom_ref: component.bom_ref, group: component.group ?? null, name: component.name, version: component.version, purl: component.purl, reason: exclusion.reason, ...(exclusion.pattern ? { pattern: exclusion.pattern } : {}) }];
  });
  const severities: Record<string, number> = {};
  let exploits = 0;
  for (const component of components) {
    for (const vulnerability of component.vulnerabilities) {
      severities[vulnerability.severity] = (severities[vulnerability.severity] ?? 0) + 1;
      if (vulnerability.active_exploit) exploits += 1;
    }
  }
  return {
    ...view,
    summary: { components: components.length, excluded: excluded.length, vulnerabilities: severityView(severities), active_exploits: exploits },
    components,
    excluded,
  };
}
