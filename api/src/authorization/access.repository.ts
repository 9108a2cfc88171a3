// What the resolution of a user's access reads (SQL of authorization): the user's memberships, the
// organization's and its processes' module configurations, and the roles they name — for a request's
// caller in one statement (accessOfMember).
import type { ProcessModuleConfiguration } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { RoleRecord } from './roles.repository';

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

/** Everything the access of an organization's user depends on, read at once. */
export interface MemberAccessRows {
  /** Null when the organization's row is gone. */
  organization: { id: string; name: string; module_configuration: Partial<ProcessModuleConfiguration> | null } | null;
  memberships: MembershipRow[];
  processes: ProcessRow[];
  /** The roles named by the user's own roles and by its memberships (the organization's before a global one of that name). */
  roles: Pick<RoleRecord, 'name' | 'kind' | 'policies'>[];
}

/**
 * What membershipsOf, effectiveRoles (of the user's roles and its memberships' roles),
 * organizationModuleConfiguration, processesOfOrganization and the organization's name answer,
 * in one statement: the guard resolves a caller on every request its cache cannot answer, and
 * each statement is a round trip and a plan (eight of them took most of a simple read's time).
 * Prepared: its text never changes, and each of its lookups goes by a key.
 */
export async function accessOfMember(db: Queryable, userId: string, organizationId: string, userRoles: readonly string[]): Promise<MemberAccessRows> {
  const [row] = await db.query<{
    organization_name: string | null;
    organization_modules: Partial<ProcessModuleConfiguration> | null;
    processes: ProcessRow[];
    memberships: MembershipRow[];
    roles: MemberAccessRows['roles'];
  }>(
    `WITH member AS (
       SELECT p.id AS process_id, p.code_name, m.roles FROM memberships m
         JOIN processes p ON p.id = m.process_id
        WHERE m.user_id = $1 AND p.organization_id = $2
     )
     SELECT o.name AS organization_name, o.module_configuration AS organization_modules,
       COALESCE((SELECT json_agg(json_build_object('id', p.id, 'code_name', p.code_name, 'module_configuration', p.module_configuration)
                                 ORDER BY lower(p.code_name))
                   FROM processes p WHERE p.organization_id = $2), '[]'::json) AS processes,
       COALESCE((SELECT json_agg(json_build_object('process_id', process_id, 'code_name', code_name, 'roles', roles) ORDER BY lower(code_name))
                   FROM member), '[]'::json) AS memberships,
       COALESCE((SELECT json_agg(json_build_object('name', r.name, 'kind', r.kind, 'policies', r.policies))
                   FROM (SELECT DISTINCT ON (name) name, kind, policies FROM roles
                          WHERE (organization_id IS NULL OR organization_id = $2)
                            AND name = ANY($3::text[] || ARRAY(SELECT unnest(roles) FROM member))
                          ORDER BY name, organization_id NULLS LAST) r), '[]'::json) AS roles
       FROM (SELECT $2::uuid AS id) asked LEFT JOIN organizations o ON o.id = asked.id`,
    [userId, organizationId, [...userRoles]],
    { prepare: true },
  );
  return {
    organization: row.organization_name === null ? null : { id: organizationId, name: row.organization_name, module_configuration: row.organization_modules },
    memberships: row.memberships,
    processes: row.processes,
    roles: row.roles,
  };
}
