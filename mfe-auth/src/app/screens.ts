import type { RemoteDefinition } from '@portal/shared';
import { ChangePasswordScreen } from '../features/account/components/ChangePasswordScreen';
import { TwoFactorScreen } from '../features/account/components/TwoFactorScreen';
import { UserProfileScreen } from '../features/account/components/UserProfileScreen';
import { ActiveSessionNotice } from '../features/invitation/components/ActiveSessionNotice';

/** The screens of mfe-auth's routes once signed in ('/' and '/settings' keep their ScreenFrame). */
export const screens: NonNullable<RemoteDefinition['screens']> = {
  '/settings/change-password': ChangePasswordScreen,
  '/settings/user-profile': UserProfileScreen,
  '/settings/two-factor-authentication': TwoFactorScreen,
  // Signed in on an invitation path: the active-session notice.
  '/user-invitation/:token': ActiveSessionNotice,
  '/user-invitation/:organization/:token': ActiveSessionNotice,
};
