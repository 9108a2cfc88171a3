import { IconButton } from '@chakra-ui/react';
import { logout } from '@portal/shared';
import { useState } from 'react';

/** The logout icon of the signed-out screens that already have a session (2-Step Verification). */
export function LogoutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <IconButton
      aria-label="Logout"
      title="Logout"
      variant="ghost"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void logout();
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
      </svg>
    </IconButton>
  );
}
