import { fieldSchema, firstMessage } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { refuseCommonPassword } from '../identity/common-passwords';
import { hashPassword } from '../identity/passwords';
import { findOrganizationByName } from '../organizations/repository';
import { insertUser, type UserRecord } from './repository';

/** What `create-user` and (later) the administration screens accept for a new user. */
export const NEW_USER_FIELDS = Object.freeze({
  login_id: fieldSchema({ required: true, format: 'loginId', max: 255 }),
  name: fieldSchema({ required: true, max: 255 }),
  email: fieldSchema({ required: true, format: 'email', max: 255 }),
  password: fieldSchema({ required: true, format: 'password' }),
});

/** The spec 5 message of each invalid field, by field name; empty when all are valid. */
export function fieldErrors<K extends string>(
  fields: Readonly<Record<K, Parameters<typeof firstMessage>[0]>>,
  values: Readonly<Record<K, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of Object.keys(fields) as K[]) {
    const message = firstMessage(fields[name], values[name]);
    if (message !== undefined) errors[name] = message;
  }
  return errors;
}

/** The fields of a new user with a password: NEW_USER_FIELDS' messages, and a common password refused. */
export function newUserErrors(values: Record<keyof typeof NEW_USER_FIELDS, string | undefined>): Record<string, string> {
  return refuseCommonPassword(fieldErrors(NEW_USER_FIELDS, values), 'password', values.password);
}

export interface NewUserInput {
  organization?: string;
  login_id: string;
  name: string;
  email: string;
  password: string;
  roles: string[];
}

export class UserInputError extends Error {
  constructor(
    /** The first message of each invalid field, the spec 5 wording. */
    readonly errors: Record<string, string>,
  ) {
    super(Object.entries(errors).map(([field, message]) => `${field}: ${message}`).join('\n'));
  }
}

/** Creates a user with an argon2id password hash; the organization is given by name. */
export async function createUser(db: Queryable, input: NewUserInput, now: Date): Promise<UserRecord> {
  const errors = newUserErrors({
    login_id: input.login_id,
    name: input.name,
    email: input.email,
    password: input.password,
  });
  const badRole = input.roles.find((role) => !/^_?[A-Za-z][A-Za-z0-9_ ]*$/.test(role));
  if (badRole !== undefined) errors.role = `'${badRole}' is not a role name.`;
  let organizationId: string | null = null;
  if (input.organization !== undefined) {
    const organization = await findOrganizationByName(db, input.organization);
    if (!organization) errors.org = `No organization is named '${input.organization}'.`;
    else organizationId = organization.id;
  }
  if (Object.keys(errors).length > 0) throw new UserInputError(errors);

  const user = await insertUser(db, {
    organizationId,
    loginId: input.login_id,
    name: input.name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    roles: input.roles,
    now,
  });
  if (!user) throw new UserInputError({ login_id: `A user with login id '${input.login_id}' already exists.` });
  return user;
}

/** An active user of the organization (id, login, name); 404 otherwise. */
export async function activeUserOfOrganization(tx: Queryable, organizationId: string, userId: string): Promise<{ id: string; login_id: string; name: string }> {
  const [row] = await tx.query<{ id: string; login_id: string; name: string }>(
    'SELECT id, login_id, name FROM users WHERE organization_id = $1 AND id = $2 AND NOT inactive',
    [organizationId, userId],
  );
  if (!row) throw new ApiProblem(404);
  return row;
}
