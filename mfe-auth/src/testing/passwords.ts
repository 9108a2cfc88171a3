// Typing into the new-password pair every password form shows (see NewPasswordFields). Test-only.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types the new password and its repetition; end `repeat` with '{Enter}' to submit. */
export async function typeNewPassword(user: UserEvent, password: string, repeat: string) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat new password'), repeat);
}
