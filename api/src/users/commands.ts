import { parseArgs } from 'node:util';
import { fieldSchema, firstMessage } from '@portal/shared/server';
import type { Database } from '../db/database';
import { systemClock, type Clock } from '../identity/clock';
import { ensureOrganization } from '../organizations/repository';
import { createUser, UserInputError } from './service';

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
 * --password <password> [--role <role>]... [--created <ISO date>]` — without --org the user
 * belongs to no organization (a Global Admin, role `_global_admin`). `--created` dates the
 * account and its password (default now), for scripted set-ups of the password-expiry policy.
 */
export async function createUserCommand(database: Database, args: string[], now: Clock = systemClock): Promise<CommandResult> {
  const parsed = parse(args, {
    org: { type: 'string' },
    login: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', multiple: true },
    created: { type: 'string' },
  });
  if (parsed.error !== undefined) return refused([parsed.error]);
  const { org, login, email, name, password, role, created } = parsed.values;
  const createdAt = typeof created === 'string' ? new Date(created) : now();
  if (Number.isNaN(createdAt.getTime())) return refused(['created: Invalid date; use an ISO date like 2024-01-31.']);
  const text = (value: string | string[] | undefined): string => (typeof value === 'string' ? value : '');
  try {
    const user = await createUser(
      database,
      {
        organization: typeof org === 'string' ? org : undefined,
        login_id: text(login),
        email: text(email),
        name: text(name).trim(),
        password: text(password),
        roles: Array.isArray(role) ? role : [],
      },
      createdAt,
    );
    const roles = user.roles.length > 0 ? ` with roles ${user.roles.join(', ')}` : '';
    const where = typeof org === 'string' ? `in organization '${org}'` : 'without an organization';
    return { code: 0, lines: [`created user '${user.login_id}' (${user.id}) ${where}${roles}`] };
  } catch (error) {
    if (error instanceof UserInputError) return refused(Object.entries(error.errors).map(([field, text]) => `${field}: ${text}`));
    throw error;
  }
}


