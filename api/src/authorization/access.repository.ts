// What the resolution of a user's access reads (SQL of authorization): the user's memberships, the
// organization's and its processes' module configurations.
import type { ProcessModuleConfiguration } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface MembershipRow {
  process_id: string;
  code_name: string;
  roles: string[];
}

export interface ProcessRow {
  id: string;
  code_name: string;
  module_configuration: Partial<ProcessModuleConfiguration> | null;
}

/** The user's memberships in the organization's processes, by code name. */
export function membershipsOf(db: Queryable, userId: string, organizationId: string): Promise<MembershipRow[]> {
  return db.query<MembershipRow>(
    `SELECT p.id AS process_id, p.code_name, m.roles FROM memberships m
       JOIN processes p ON p.id = m.process_id
      WHERE m.user_id = $1 AND p.organization_id = $2
      ORDER BY lower(p.code_name)`,
    [userId, organizationId],
  );
}

/** The organization's module configuration as stored (a row, or none). */
export function organizationModuleConfiguration(db: Queryable, organizationId: string): Promise<{ module_configuration: Partial<ProcessModuleConfiguration> }[]> {
  return db.query<{ module_configuration: Partial<ProcessModuleConfiguration> }>('SELECT module_configuration FROM organizations WHERE id = $1', [
    organizationId,
  ]);
}

/** The organization's processes with their module configurations, by code name. */
export function processesOfOrganization(db: Queryable, organizationId: string): Promise<ProcessRow[]> {
  return db.query<ProcessRow>('SELECT id, code_name, module_configuration FROM processes WHERE organization_id = $1 ORDER BY lower(code_name)', [
    organizationId,
  ]);
}
