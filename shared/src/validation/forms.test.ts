import * as v from 'valibot';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  formErrors,
  mfaCodeSchema,
  mfaSetupSchema,
  oneTimeCodeSchema,
  resetPasswordSchema,
  signInSchema,
} from './forms';

describe('account forms (spec 5)', () => {
  it('sign in needs username and password', () => {
    expect(formErrors(signInSchema, { username: '', password: '' })).toEqual({ username: 'Required.', password: 'Required.' });
    expect(formErrors(signInSchema, { username: 'alice', password: 'x' })).toEqual({});
  });

  it('MFA code and setup need the code and the recovery-code download', () => {
    expect(formErrors(mfaCodeSchema, { code: '' })).toEqual({ code: 'Required.' });
    expect(formErrors(mfaSetupSchema, { code: '123456', downloaded: false })).toEqual({ downloaded: 'Required.' });
    expect(formErrors(mfaSetupSchema, { code: '123456', downloaded: true })).toEqual({});
  });

  it('forgot password needs an email username', () => {
    expect(formErrors(forgotPasswordSchema, { username: '' })).toEqual({ username: 'Required.' });
    // The login id people sign in with, or their e-mail address.
    expect(formErrors(forgotPasswordSchema, { username: 'alice' })).toEqual({});
    expect(formErrors(forgotPasswordSchema, { username: 'alice@example.com' })).toEqual({});
  });

  it('the one-time code is required, numeric and at least 6 digits long', () => {
    const message = (code: string) => v.safeParse(oneTimeCodeSchema, code, { abortPipeEarly: true }).issues?.[0].message;
    expect(message('')).toBe('Required.');
    expect(message('12a456')).toBe('Numbers only.');
    expect(message('12345')).toBe('Must have at least 6 characters.');
    expect(message('000123')).toBeUndefined();
  });

  it('reset password: code, password format, matching repeat', () => {
    expect(
      formErrors(resetPasswordSchema, { code: '123456', new_password: 'weak', repeat_password: 'weak' }),
    ).toEqual({ new_password: 'At least 8 characters and must have uppercase, lowercase, number and special character (@$!%*?&).' });
    expect(
      formErrors(resetPasswordSchema, { code: '123456', new_password: 'Passw0rd!', repeat_password: 'Passw0rd?' }),
    ).toEqual({ repeat_password: 'The passwords must be the same.' });
    expect(formErrors(resetPasswordSchema, { code: '123456', new_password: 'Passw0rd!', repeat_password: 'Passw0rd!' })).toEqual({});
  });

  it('change / expired password: new differs from current, repeat matches', () => {
    expect(
      formErrors(changePasswordSchema, { password: 'Passw0rd!', new_password: 'Passw0rd!', repeat_password: 'Passw0rd!' }),
    ).toEqual({ new_password: 'New password cannot be the same as current password.' });
    expect(
      formErrors(changePasswordSchema, { password: 'Old0pass!', new_password: 'Passw0rd!', repeat_password: 'nope' }),
    ).toEqual({ repeat_password: 'The passwords must be the same.' });
    expect(
      formErrors(changePasswordSchema, { password: 'Old0pass!', new_password: 'Passw0rd!', repeat_password: 'Passw0rd!' }),
    ).toEqual({});
  });
});
