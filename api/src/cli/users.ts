import { parseArgs } from 'node:util';
import { fieldSchema, firstMessage } from '@portal/shared/server';
import type { Database } from '../db/database';
import { systemClock, type Clock } from '../identity/clock';
import { setMembership } from '../authorization/memberships.repository';
import { ensureOrganization, findOrganizationByName } from '../organizations/repository';
import { ensureProcess, processCodeOf } from '../processes/repository';
import { createUser, UserInputError } from '../users/service';


/** What a command printed and how it ended: 0 done, 2 the input was refused. */
export interface CommandResult {
  code: 0 | 2;
  lines: string[];
}

const refused = (lines: string[]): CommandResult => ({ code: 2, lines });

function parse(args: string[], options: Record<string, { type: 'string'; multiple?: boolean }>) {
  try {
    return { values: parseArgs({ args, options, strict: true, allowPositionals: false }).values };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const organizationName = fieldSchema({ required: true, max: 255 });

/** `create-organization --name <name>` */
export async function createOrganizationCommand(database: Database, args: string[]): Promise<CommandResult> {
  const parsed = parse(args, { name: { type: 'string' } });
  if (parsed.error !== undefined) return refused([parsed.error]);
  const name = parsed.values.name;
  const message = firstMessage(organizationName, name);
  if (message !== undefined || typeof name !== 'string') return refused([`name: ${message ?? 'Required.'}`]);
  const { organization, created } = await ensureOrganization(database, name.trim());
  return {
    code: 0,
    lines: [`${created ? 'created' : 'kept existing'} organization '${organization.name}' (${organization.id})`],
  };
}

/**
 * `create-user [--org <organization name>] --login <login id> --email <email> --name <name>
 * --password <password> [--role <role>]... [--member <process code>=<ROLE>[,<ROLE>]]...
 * [--created <ISO date>]` — without --org the user belongs to no organization (a Global Admin,
 * role `_global_admin`). `--role` gives organization roles (a process role there applies in every
 * process); `--member` enrolls in one process of the organization with process roles.
 * `--created` dates the account and its password (default now), for scripted set-ups of the
 * password-expiry policy.
 */
export async function createUserCommand(database: Database, args: string[], now: Clock = systemClock): Promise<CommandResult> {
  const parsed = parse(args, {
    org: { type: 'string' },
    login: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', multiple: true },
    member: { type: 'string', multiple: true },
    created: { type: 'string' },
  });
  if (parsed.error !== undefined) return refused([parsed.error]);
  const { org, login, email, name, password, role, member, created } = parsed.values;
  const memberships: { code: string; roles: string[] }[] = [];
  for (const entry of Array.isArray(member) ? member : []) {
    const match = /^([^=\s]+)=([A-Za-z0-9_,-]+)$/.exec(entry);
    if (!match) return refused([`member: '${entry}' is not <process code>=<ROLE>[,<ROLE>].`]);
    memberships.push({ code: match[1], roles: match[2].split(',').filter(Boolean) });
  }
  if (memberships.length > 0 && typeof org !== 'string') return refused(['member: a user without an organization has no processes.']);
  const createdAt = typeof created === 'string' ? new Date(created) : now();
  if (Number.isNaN(createdAt.getTime())) return refused(['created: Invalid date; use an ISO date like 2024-01-31.']);
  const text = (value: string | string[] | undefined): string => (typeof value === 'string' ? value : '');
  try {
    const organization = typeof org === 'string' ? await findOrganizationByName(database, org) : undefined;
    const user = await createUser(
      database,
      {
        organizationId: organization?.id ?? null,
        login_id: text(login),
        email: text(email),
        name: text(name).trim(),
        password: text(password),
        roles: Array.isArray(role) ? role : [],
      },
      createdAt,
      typeof org === 'string' && !organization ? { org: `No organization is named '${org}'.` } : {},
    );
    const roles = user.roles.length > 0 ? ` with roles ${user.roles.join(', ')}` : '';
    const where = typeof org === 'string' ? `in organization '${org}'` : 'without an organization';
    const lines = [`created user '${user.login_id}' (${user.id}) ${where}${roles}`];
    for (const membership of memberships) {
      const process = await processCodeOf(database, user.organization_id, membership.code);
      if (!process) return refused([...lines, `member: no process '${membership.code}' in organization '${String(org)}'.`]);
      await setMembership(database, user.id, process.id, membership.roles);
      lines.push(`enrolled '${user.login_id}' in process ${process.code_name} as ${membership.roles.join(', ')}`);
    }
    return { code: 0, lines };
  } catch (error) {
    if (error instanceof UserInputError) return refused(Object.entries(error.errors).map(([field, text]) => `${field}: ${text}`));
    throw error;
  }
}



const PROCESS_TYPES = ['REQUIREMENTS', 'EDISCOVERY'] as const;
const DASHBOARD_TYPES = ['LIVE', 'MIX', 'PRESENTATION'] as const;

/**
 * `create-process --org <organization> --code <code name> --name <name> [--type REQUIREMENTS|EDISCOVERY]
 * [--dashboard LIVE|MIX|PRESENTATION]` — kept when the organization already has that code name.
 */
export async function createProcessCommand(database: Database, args: string[]): Promise<CommandResult> {
  const parsed = parse(args, {
    org: { type: 'string' },
    code: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    dashboard: { type: 'string' },
  });
  if (parsed.error !== undefined) return refused([parsed.error]);
  const { org, code, name, type = 'REQUIREMENTS', dashboard = 'LIVE' } = parsed.values;
  const errors: string[] = [];
  if (typeof code !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(code)) errors.push('code: 1 to 64 letters, digits, ., _ or -.');
  if (typeof name !== 'string' || name.trim() === '' || name.length > 255) errors.push('name: Required, at most 255 characters.');
  if (!PROCESS_TYPES.includes(type as never)) errors.push(`type: one of ${PROCESS_TYPES.join(', ')}.`);
  if (!DASHBOARD_TYPES.includes(dashboard as never)) errors.push(`dashboard: one of ${DASHBOARD_TYPES.join(', ')}.`);
  const organization = typeof org === 'string' ? await findOrganizationByName(database, org) : undefined;
  if (!organization) errors.push(`org: No organization is named '${String(org ?? '')}'.`);
  if (errors.length > 0 || !organization) return refused(errors);
  const { process, created } = await ensureProcess(database, organization.id, {
    code_name: String(code),
    name: String(name).trim(),
    type: type as (typeof PROCESS_TYPES)[number],
    dashboard_type: dashboard as (typeof DASHBOARD_TYPES)[number],
  });
  return {
    code: 0,
    lines: [`${created ? 'created' : 'kept existing'} process ${process.code_name} '${process.name}' in '${organization.name}' (${process.id})`],
  };
}
