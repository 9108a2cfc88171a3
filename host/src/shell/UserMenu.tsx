// The header's user menu (spec 2.3): Account Profile; Subscription Info (view subscription);
// Change Password; for demo-permission users Disable MFA, Display Mode (Light; Dark disabled),
// Language (English; others disabled) and Update/Release Notes; always Logout.
import { lazy, Suspense, useState } from 'react';
import { chakra } from '@chakra-ui/react';
import { navigate, useSession } from '@portal/shared';
import { useAuthorization } from '../permissions/Authorization';
import { HeaderMenu, type HeaderMenuGroup, type HeaderMenuItem } from './HeaderMenu';
import { isDemoUser, mayOpen, VIEW_SUBSCRIPTION } from './shellAccess';

const ReleaseNotesDialog = lazy(() => import(/* webpackChunkName: "release-notes-dialog" */ './ReleaseNotesDialog'));

export const USER_MENU_PATHS = Object.freeze({
  profile: '/settings/user-profile',
  subscriptions: '/settings/subscriptions',
  changePassword: '/settings/change-password',
  twoFactor: '/settings/two-factor-authentication',
  logout: '/support/logout',
});

/** Languages offered; only English is available. */
export const LANGUAGES = ['English', 'Deutsch', 'Español', 'Français'] as const;

export function UserMenu() {
  const authorization = useAuthorization();
  const name = useSession((state) => state.session?.user?.name ?? '');
  const [releaseNotes, setReleaseNotes] = useState(false);
  const demo = isDemoUser(authorization);

  const account: HeaderMenuItem[] = [];
  if (mayOpen(authorization, USER_MENU_PATHS.profile)) {
    account.push({ key: 'profile', label: 'Account Profile', onSelect: () => navigate(USER_MENU_PATHS.profile) });
  }
  if (mayOpen(authorization, USER_MENU_PATHS.subscriptions, VIEW_SUBSCRIPTION)) {
    account.push({ key: 'subscriptions', label: 'Subscription Info', onSelect: () => navigate(USER_MENU_PATHS.subscriptions) });
  }
  if (mayOpen(authorization, USER_MENU_PATHS.changePassword)) {
    account.push({ key: 'password', label: 'Change Password', onSelect: () => navigate(USER_MENU_PATHS.changePassword) });
  }
  if (demo) {
    account.push({ key: 'mfa', label: 'Disable MFA', onSelect: () => navigate(USER_MENU_PATHS.twoFactor) });
  }

  const groups: HeaderMenuGroup[] = [];
  if (account.length > 0) groups.push({ key: 'account', items: account });
  if (demo) {
    // Light is the portal's one display mode and English its one language: choosing them keeps them.
    groups.push({
      key: 'display',
      label: 'Display Mode',
      items: [
        { key: 'light', label: 'Light', checked: true, onSelect: () => undefined },
        { key: 'dark', label: 'Dark', checked: false, disabled: true, onSelect: () => undefined },
      ],
    });
    groups.push({
      key: 'language',
      label: 'Language',
      items: LANGUAGES.map((language) => ({
        key: language,
        label: language,
        checked: language === 'English',
        disabled: language !== 'English',
        onSelect: () => undefined,
      })),
    });
    groups.push({
      key: 'notes',
      items: [{ key: 'notes', label: 'Update/Release Notes', onSelect: () => setReleaseNotes(true) }],
    });
  }
  groups.push({ key: 'logout', items: [{ key: 'logout', label: 'Logout', onSelect: () => navigate(USER_MENU_PATHS.logout) }] });

  return (
    <>
      <HeaderMenu label="User menu" triggerLabel={`User menu, ${name}`} groups={groups} testId="user-menu">
        <chakra.span data-testid="signed-in-user">{name}</chakra.span>
      </HeaderMenu>
      {releaseNotes ? (
        <Suspense fallback={null}>
          <ReleaseNotesDialog open onClose={() => setReleaseNotes(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
