import { fieldSchema } from '@portal/shared/server';
import { fieldErrors } from '../http/input';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { refuseCommonPassword } from '../identity/common-passwords';
import { findActiveUserRef } from './repository';

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
