import {
  ApiError,
  DEFAULT_NOTICE_STATUSES,
  errorStatus,
  FORGOT_PASSWORD_FAILURE_MESSAGE,
  INQUIRY_FAILURE_MESSAGE,
  INVALID_APP_KEY_MESSAGE,
  INVALID_INVITATION_MESSAGE,
  CONNECTION_ERROR_MESSAGE,
  messageForStatus,
  MFA_SETUP_MESSAGES,
  MFA_VERIFY_MESSAGES,
  newVersionMessage,
  OTP_RESET_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  resolveMessage,
  showsNotice,
  SIGN_IN_MESSAGES,
} from './errors';

describe('messageForStatus (spec 8 generic mapping)', () => {
  it.each([
    [999, 'Network issues. Please try again later.'],
    [401, 'Unauthorized.'],
    [402, 'This function exceeds the current license configuration.  Please contact support if you have questions.'],
    [403, 'You do not have the privileges for the request.'],
    [404, 'The requested resource does not exist.'],
    [409, 'Data appears to be out-of-date. Please refresh your page and try again.'],
    [400, 'Data is not valid.'],
    [500, 'Unable to process your request. Please try again later.'],
    [501, 'Unable to process your request. Please try again later.'],
    [503, 'Service is not available at the moment. Please try again later.'],
    [418, 'Unknown error. Please try again later.'],
    [502, 'Unknown error. Please try again later.'],
  ])('%s → %s', (status, message) => {
    expect(messageForStatus(status)).toBe(message);
  });

  it('treats no status as a network failure', () => {
    expect(messageForStatus(undefined)).toBe('Network issues. Please try again later.');
    expect(messageForStatus(null)).toBe('Network issues. Please try again later.');
    expect(messageForStatus(0)).toBe('Network issues. Please try again later.');
  });

  it('keeps the two spaces of the 402 message', () => {
    expect(messageForStatus(402)).toContain('configuration.  Please');
  });
});

describe('specific messages', () => {
  it('sign in: 401, 403 and any other status', () => {
    expect(resolveMessage(401, SIGN_IN_MESSAGES)).toBe('Invalid credentials. Please try again.');
    expect(resolveMessage(403, SIGN_IN_MESSAGES)).toBe(
      'Password expired. Please try again when updating password is supported.',
    );
    expect(resolveMessage(500, SIGN_IN_MESSAGES)).toBe('Unable to process your login request. Please try again later.');
    expect(resolveMessage(999, SIGN_IN_MESSAGES)).toBe('Unable to process your login request. Please try again later.');
  });

  it('MFA verify 401 and otherwise the catalogue', () => {
    expect(resolveMessage(401, MFA_VERIFY_MESSAGES)).toBe('Invalid code.');
    expect(resolveMessage(503, MFA_VERIFY_MESSAGES)).toBe('Service is not available at the moment. Please try again later.');
  });

  it('password change 401', () => {
    expect(resolveMessage(401, PASSWORD_CHANGE_MESSAGES)).toBe('Invalid credentials. Please try again.');
  });

  it('OTP reset 401 and other', () => {
    expect(resolveMessage(401, OTP_RESET_MESSAGES)).toBe('Invalid one time code. Please try again.');
    expect(resolveMessage(500, OTP_RESET_MESSAGES)).toBe(
      'Reset Password Service is not available at the moment. Please try again later.',
    );
  });

  it('429 (ours: spec 8 has none): a throttled sign-in or password change, too many codes for verify and reset', () => {
    for (const messages of [SIGN_IN_MESSAGES, PASSWORD_CHANGE_MESSAGES]) {
      expect(resolveMessage(429, messages)).toBe('Too many failed sign-in attempts. Please try again later.');
    }
    for (const messages of [MFA_VERIFY_MESSAGES, OTP_RESET_MESSAGES]) {
      expect(resolveMessage(429, messages)).toBe('Too many invalid codes. Please wait 15 minutes and try again.');
    }
  });

  it('MFA setup 409 and other', () => {
    expect(resolveMessage(409, MFA_SETUP_MESSAGES)).toBe('Two-factor code verification failed. Please try again.');
    expect(resolveMessage(400, MFA_SETUP_MESSAGES)).toBe('Unable to process your request. Please try again later.');
  });

  it('single messages', () => {
    expect(FORGOT_PASSWORD_FAILURE_MESSAGE).toBe('Session expired. Please refresh your page and try again.');
    expect(INVALID_INVITATION_MESSAGE).toBe('Invalid or expired invitation.');
    expect(CONNECTION_ERROR_MESSAGE).toBe('Connection Error. Please try again later.');
    expect(INVALID_APP_KEY_MESSAGE).toBe('Invalid app key');
    expect(INQUIRY_FAILURE_MESSAGE).toBe('Unable to process your inquiry. Please try again later.');
    expect(newVersionMessage('Portal', '1.2.0')).toBe('New Portal version 1.2.0 is available.');
  });

  it('without specific messages falls back to the catalogue', () => {
    expect(resolveMessage(404)).toBe('The requested resource does not exist.');
  });
});

describe('ApiError', () => {
  it('carries status, catalogue message and problem details', () => {
    const error = new ApiError(404, undefined, { problem: { title: 'Not Found', detail: 'no app 7' } });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(404);
    expect(error.message).toBe('The requested resource does not exist.');
    expect(error.problem?.detail).toBe('no app 7');
    expect(errorStatus(error)).toBe(404);
  });

  it('errorStatus reads any numeric status and ignores the rest', () => {
    expect(errorStatus({ status: 503 })).toBe(503);
    expect(errorStatus(new Error('x'))).toBeUndefined();
    expect(errorStatus({ status: '500' })).toBeUndefined();
    expect(errorStatus(null)).toBeUndefined();
  });
});

describe('showsNotice (spec 8 notice lists)', () => {
  const statuses = [999, 400, 401, 402, 403, 404, 409, 418, 500, 501, 503];
  const shown = (method: Parameters<typeof showsNotice>[0]) => statuses.filter((s) => showsNotice(method, s));

  it('GET shows 400, 402, 403, 404', () => {
    expect(shown('GET')).toEqual([400, 402, 403, 404]);
  });

  it('PUT shows 999, 400, 402, 403, 404, 409, 500, 501, 503', () => {
    expect(shown('PUT')).toEqual([999, 400, 402, 403, 404, 409, 500, 501, 503]);
  });

  it('POST shows 402, 503', () => {
    expect(shown('POST')).toEqual([402, 503]);
  });

  it('PATCH and DELETE use the default list 999, 400, 403, 404, 500, 501, 503', () => {
    expect(DEFAULT_NOTICE_STATUSES).toEqual([999, 400, 403, 404, 500, 501, 503]);
    expect(shown('PATCH')).toEqual([999, 400, 403, 404, 500, 501, 503]);
    expect(shown('DELETE')).toEqual([999, 400, 403, 404, 500, 501, 503]);
  });

  it('a call overrides the lists', () => {
    expect(showsNotice('GET', 404, false)).toBe(false);
    expect(showsNotice('POST', 409, [409])).toBe(true);
    expect(showsNotice('POST', 503, [409])).toBe(false);
  });
});
