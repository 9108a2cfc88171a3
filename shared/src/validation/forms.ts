// Schemas of the account forms of spec 5, used by mfe-auth and by the API for the same payloads.
import * as v from 'valibot';
import { ONE_TIME_CODE_MIN_LENGTH } from '../constants';
import { fieldSchema } from './fieldSchema';
import { MESSAGES } from './messages';

const required = fieldSchema({ required: true });
const requiredPassword = fieldSchema({ required: true, format: 'password' });

/**
 * The one-time code: required, digits, at least ONE_TIME_CODE_MIN_LENGTH of them. Spec 5 says
 * "numeric, minimum 6" and spec 9 "minimum code length 6": a code like 000123 is valid, so the
 * minimum is a length, with the text message, not a value.
 */
export const oneTimeCodeSchema = v.pipe(
  fieldSchema({ required: true, format: 'numeric' }),
  v.check((code) => code.length >= ONE_TIME_CODE_MIN_LENGTH, MESSAGES.minLength(ONE_TIME_CODE_MIN_LENGTH)),
);

export const signInSchema = v.object({ username: required, password: required });

export const mfaCodeSchema = v.object({ code: required });

export const mfaSetupSchema = v.object({
  code: required,
  /** The recovery codes must have been downloaded before the wizard moves on. */
  downloaded: v.literal(true, MESSAGES.required),
});

/**
 * Spec 5 asks an e-mail format of the forgot form's username; issue 26 item 13 asks it to accept
 * the login id people sign in with (which is often not an e-mail). The API finds the user by login
 * id or e-mail address: the form asks for either, required.
 */
export const forgotPasswordSchema = v.object({ username: required });

/** Password reset with a one-time code, and invitation completion. */
export const resetPasswordSchema = v.pipe(
  v.object({ code: oneTimeCodeSchema, new_password: requiredPassword, repeat_password: required }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['repeat_password']],
      (input) => input.new_password === input.repeat_password,
      MESSAGES.passwordMismatch,
    ),
    ['repeat_password'],
  ),
);

/** Change password (settings) and the expired-password form: current, new, repeat. */
export const changePasswordSchema = v.pipe(
  v.object({ password: required, new_password: requiredPassword, repeat_password: required }),
  v.forward(
    v.partialCheck(
      [['password'], ['new_password']],
      (input) => input.password !== input.new_password,
      MESSAGES.samePassword,
    ),
    ['new_password'],
  ),
  v.forward(
    v.partialCheck(
      [['new_password'], ['repeat_password']],
      (input) => input.new_password === input.repeat_password,
      MESSAGES.passwordMismatch,
    ),
    ['repeat_password'],
  ),
);

/** The first message of each invalid field of a form, by field name; empty when valid. */
export function formErrors(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
