// Answers of the API that several sign-in and password tests use. Test-only.
import { MESSAGES } from '@portal/shared';
import { type FakeReply } from '@portal/shared/testing';

/** The API's refusal of a common password (problem+json with its field message). */
export const COMMON_PASSWORD_REPLY: FakeReply = {
  status: 400,
  problem: {
    title: 'Bad Request',
    detail: MESSAGES.commonPassword,
    errors: [{ field: 'new_password', message: MESSAGES.commonPassword }],
  },
};
