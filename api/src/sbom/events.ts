// The 'Import SBOM' events of a build (spec 4.5; issue 22): one for each processing state — stored
// (PENDING), PROCESSING, DONE with its counts or FAILED with the reason — so that the screens of
// the app follow it without polling. They go only to the process's members who may view its
// applications (realtime/audience.ts): a member without that permission never learns of a build.
import { randomUUID } from 'node:crypto';
import { APPLICATION_EVENTS, PERMISSIONS, type BuildStateEventData, type BuildView } from '@portal/shared/server';
import { buildView, type BuildRecord } from '../apps/index';
import type { Queryable } from '../db/database';
import { permittedRecipients, publishTo, type EventScope, type LiveChange } from '../realtime/audience';
import { buildContext, type BuildContext } from './processing.repository';

export const IMPORT_SBOM = APPLICATION_EVENTS.IMPORT_SBOM;

/** Who hears of an app's builds: the members who may view the process's applications. */
export const BUILD_AUDIENCE = PERMISSIONS.applications.APPLICATION.VIEW;

export type BuildState = Pick<BuildStateEventData, 'status' | 'component_count' | 'vulnerability_count' | 'error' | 'build'>;

export const scopeOf = (build: Pick<BuildContext, 'organization_id' | 'process_id' | 'process_code'>): EventScope => ({
  organizationId: build.organization_id,
  processId: build.process_id,
  processCode: build.process_code,
});

/** The event of the build `buildId` entering `state`. */
export function buildStateEvent(build: BuildContext, buildId: string, state: BuildState): LiveChange {
  const data: BuildStateEventData = {
    graph: build.process_code.toLowerCase(),
    app_key: build.app_key,
    id: buildId,
    build_id: buildId,
    number: build.number,
    login_id: build.uploader_login ?? '',
    component_count: build.component_count,
    ...state,
  };
  return { type: IMPORT_SBOM, eventId: randomUUID(), session_id: '', time: new Date().toISOString(), data: { ...data } };
}

/** Records the event of the build's new state for its audience, in `tx` (the change's transaction). */
export function announceBuild(tx: Queryable, build: BuildContext, buildId: string, state: BuildState): Promise<void> {
  return publishTo(tx, scopeOf(build), BUILD_AUDIENCE, buildStateEvent(build, buildId, state));
}

/** The ids of those who hear of the build's app. */
export function buildAudience(tx: Queryable, build: BuildContext): Promise<string[]> {
  return permittedRecipients(tx, scopeOf(build), BUILD_AUDIENCE);
}

/** The event of a build just stored (PENDING), with the build as the app's page lists it, in the transaction that stores it. */
export async function announceStored(tx: Queryable, stored: BuildRecord): Promise<void> {
  const build = await buildContext(tx, stored.id);
  // The view GET answers (its format and encoding are the stored SBOM's, checked when parsed).
  if (build) await announceBuild(tx, build, stored.id, { status: 'PENDING', build: buildView(stored) as BuildView });
}
