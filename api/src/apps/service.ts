// What the application routes ask of the family: a process's applications (listed, found, added
// within the organization's limit, changed, deleted), their builds with severities and findings,
// the searches over the latest builds and the portfolio SBOM lists. The routes check input and
// permissions; this family's SQL is in repository.ts, search.repository.ts and portfolio.repository.ts.
import { announceApplicationChange, APPLICATION_EVENTS } from './events';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { findOrganizationById } from '../organizations/index';
import {
  countApplications,
  deleteApplication,
  findApplication,
  findApplicationById,
  findBuild,
  findingsWithComponentsOf,
  insertApplication,
  listApplications,
  listBuilds,
  severityCounts,
  updateApplication,
  type ApplicationInput,
  type ApplicationRecord,
  type ApplicationSummaryRow,
  type BuildRecord,
} from './repository';
import { BUILD_SEARCH_CATEGORIES, searchBuilds, searchComponents, searchVulnerabilities } from './search.repository';
import type { PortfolioComponentsPage, PortfolioResourcesPage } from '@portal/shared/server';
import type { ComponentsQuery, ResourcesQuery } from './portfolio-query';
import { vulnerableComponents, vulnerableResources } from './portfolio.repository';
import { componentsPage, resourcesPage } from './portfolio-views';

export { BUILD_SEARCH_CATEGORIES };
export type { ApplicationInput, ApplicationRecord };

const UNLIMITED = -1;

export const duplicateAppKey = (key: string) => `An application with the app key '${key}' already exists.`;

async function assertWithinLimit(db: Queryable, organizationId: string): Promise<void> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiProblem(404);
  const limit = organization.module_configuration.num_of_apps;
  if (limit !== UNLIMITED && (await countApplications(db, organizationId)) >= limit) throw new ApiProblem(402);
}

async function assertKeyFree(db: Queryable, organizationId: string, appKey: string, except?: string): Promise<void> {
  const existing = await findApplication(db, organizationId, appKey);
  if (existing && existing.id !== except) throw new ApiProblem(409, duplicateAppKey(appKey), {}, { app_key: duplicateAppKey(appKey) });
}

/** The process's applications with their latest severities. */
export function applicationSummaries(db: Queryable, organizationId: string, processId: string): Promise<ApplicationSummaryRow[]> {
  return listApplications(db, organizationId, processId);
}

/** The organization's application of that key (in the process, when given). */
export function applicationWithKey(db: Queryable, organizationId: string, appKey: string, processId?: string): Promise<ApplicationRecord | undefined> {
  return findApplication(db, organizationId, appKey, processId);
}

/** The process's application `id`. */
export function applicationWithId(db: Queryable, organizationId: string, id: string, processId: string): Promise<ApplicationRecord | undefined> {
  return findApplicationById(db, organizationId, id, processId);
}

/**
 * Adds an application to the process: 402 past the organization's number of apps, 409 when its
 * key is taken (both checked in the adding transaction). Resolves to the stored app.
 */
export async function createApplication(
  database: Database,
  organizationId: string,
  process: { id: string; code_name: string },
  input: ApplicationInput,
): Promise<ApplicationRecord> {
  const processId = process.id;
  const id = await database.transaction(async (tx) => {
    await assertWithinLimit(tx, organizationId);
    await assertKeyFree(tx, organizationId, input.app_key);
    const added = await insertApplication(tx, organizationId, processId, input);
    const application = { organization_id: organizationId, process_id: processId, process_code: process.code_name, app_key: input.app_key };
    await announceApplicationChange(tx, application, APPLICATION_EVENTS.APPLICATION, { id: added, kind: 'created' });
    return added;
  });
  return (await findApplicationById(database, organizationId, id, processId))!;
}

/** Changes the application (409 when its new key is another app's); resolves to it as stored. */
export async function changeApplication(database: Database, application: ApplicationRecord, input: ApplicationInput): Promise<ApplicationRecord> {
  await database.transaction(async (tx) => {
    await assertKeyFree(tx, application.organization_id, input.app_key, application.id);
    await updateApplication(tx, application.id, input);
    await announceApplicationChange(tx, { ...application, app_key: input.app_key }, APPLICATION_EVENTS.APPLICATION, { id: application.id, kind: 'updated' });
  });
  return (await findApplicationById(database, application.organization_id, application.id, application.process_id))!;
}

/** Stores the application's fields as given (no key check: the settings change only the monitoring switch). */
export async function saveApplication(tx: Queryable, application: ApplicationRecord, input: ApplicationInput): Promise<void> {
  await updateApplication(tx, application.id, input);
  await announceApplicationChange(tx, application, APPLICATION_EVENTS.APPLICATION, { id: application.id, kind: 'updated' });
}

/** Deletes the application with its builds, components and findings. */
export function removeApplication(database: Database, application: ApplicationRecord): Promise<void> {
  return database.transaction(async (tx) => {
    await deleteApplication(tx, application.id);
    await announceApplicationChange(tx, application, APPLICATION_EVENTS.APPLICATION, { id: application.id, kind: 'deleted' });
  });
}

/** The application's builds. */
export function buildsOf(db: Queryable, applicationId: string): Promise<BuildRecord[]> {
  return listBuilds(db, applicationId);
}

/** The application's build `buildId` (by id or number). */
export function buildOf(db: Queryable, applicationId: string, buildId: string): Promise<BuildRecord | undefined> {
  return findBuild(db, applicationId, buildId);
}

/** The build's findings counted by severity. */
export function buildSeverityCounts(db: Queryable, buildId: string): Promise<Record<string, number>> {
  return severityCounts(db, buildId);
}

/** The build's findings with their components, highest score first. */
export function buildFindings(db: Queryable, buildId: string): Promise<unknown[]> {
  return findingsWithComponentsOf(db, buildId);
}

/** Components of the latest builds of the process's apps whose name, group or purl contains `search`. */
export function componentSearch(db: Queryable, organizationId: string, processId: string, search: string): ReturnType<typeof searchComponents> {
  return searchComponents(db, organizationId, processId, search);
}

/** Findings of the latest builds of the process's apps whose advisory id or alias contains `search`. */
export function vulnerabilitySearch(db: Queryable, organizationId: string, processId: string, search: string): ReturnType<typeof searchVulnerabilities> {
  return searchVulnerabilities(db, organizationId, processId, search);
}

/** Builds whose app, component or vulnerability (per `category`) matches `search`. */
export function buildSearch(db: Queryable, organizationId: string, processId: string, search: string, category?: string): ReturnType<typeof searchBuilds> {
  return searchBuilds(db, organizationId, processId, search, category);
}

/** A page of the process's vulnerable components across every app's current build (portfolio SBOM view). */
export async function portfolioComponents(db: Queryable, organizationId: string, processId: string, query: ComponentsQuery): Promise<PortfolioComponentsPage> {
  return componentsPage(await vulnerableComponents(db, organizationId, processId, query), query);
}

/** A page of the process's apps with their current build's vulnerable components and findings (portfolio SBOM view). */
export async function portfolioResources(db: Queryable, organizationId: string, processId: string, query: ResourcesQuery): Promise<PortfolioResourcesPage> {
  return resourcesPage(await vulnerableResources(db, organizationId, processId, query), query);
}
