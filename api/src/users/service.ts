import { fieldSchema } from '@portal/shared/server';
import { fieldErrors } from '../http/input';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { refuseCommonPassword } from '../identity/common-passwords';
import { hashPassword } from '../identity/passwords';
import { findActiveUserRef, insertUser, type UserRecord } from './repository';

/** What `create-user` and (later) the administration screens accept for a new user. */
export const NEW_USER_FIELDS = Object.freeze({
  login_id: fieldSchema({ required: true, format: 'loginId', max: 255 }),
  name: fieldSchema({ required: true, max: 255 }),
  email: fieldSchema({ required: true, format: 'email', max: 255 }),
  password: fieldSchema({ required: true, format: 'password' }),
});


/** The fields of a new user with a password: NEW_USER_FIELDS' messages, and a common password refused. */
export function newUserErrors(values: Record<keyof typeof NEW_USER_FIELDS, string | undefined>): Record<string, string> {
  return refuseCommonPassword(fieldErrors(NEW_USER_FIELDS, values), 'password', values.password);
}

/** An active user of the organization (id, login, name); 404 otherwise. */
export async function activeUserOfOrganization(tx: Queryable, organizationId: string, userId: string): Promise<{ id: string; login_id: string; name: string }> {
  const row = await findActiveUserRef(tx, organizationId, userId);
  if (!row) throw new ApiProblem(404);
  return row;
}

export { fieldErrors };

export interface NewUserInput {
  /** Null: a user of no organization (a global role holder). */
  organizationId: string | null;
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

/**
 * Creates a user with an argon2id password hash (the CLI's create-user and the demo). `refused`:
 * what the caller found wrong besides the fields (an organization name that names none).
 */
export async function createUser(db: Queryable, input: NewUserInput, now: Date, refused: Readonly<Record<string, string>> = {}): Promise<UserRecord> {
  const errors = newUserErrors({
    login_id: input.login_id,
    name: input.name,
    email: input.email,
    password: input.password,
  });
  const badRole = input.roles.find((role) => !/^_?[A-Za-z][A-Za-z0-9_ ]*$/.test(role));
  if (badRole !== undefined) errors.role = `'${badRole}' is not a role name.`;
  Object.assign(errors, refused);
  if (Object.keys(errors).length > 0) throw new UserInputError(errors);

  const user = await insertUser(db, {
    organizationId: input.organizationId,
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
