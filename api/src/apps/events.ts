// The live events of an application's objects (issue 22): a change another user sees on the app's
// screens without reloading — the app itself ('Application'), a deployment profile ('Deployment
// Profile'), a finding's VEX analysis ('Analysis') — goes, in the change's transaction, to the
// process's members who may view its applications (realtime/audience.ts), and to no one else.
import { APPLICATION_EVENTS, PERMISSIONS, type ApplicationChangeEventData, type ApplicationEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { announceChange } from '../realtime/audience';
import type { ApplicationRecord } from './repository';

export { APPLICATION_EVENTS };

/** Who hears of an app's changes: the members who may view the process's applications. */
export const APPLICATION_AUDIENCE = PERMISSIONS.applications.APPLICATION.VIEW;

/** Records the event of a change to `application` (or one of its objects) in `tx`. */
export function announceApplicationChange(
  tx: Queryable,
  application: Pick<ApplicationRecord, 'organization_id' | 'process_id' | 'process_code' | 'app_key'>,
  type: Exclude<ApplicationEventName, 'Import SBOM'>,
  change: Omit<ApplicationChangeEventData, 'graph' | 'app_key'>,
): Promise<void> {
  const scope = { organizationId: application.organization_id, processId: application.process_id, processCode: application.process_code };
  return announceChange(tx, scope, APPLICATION_AUDIENCE, type, { app_key: application.app_key, ...change });
}
