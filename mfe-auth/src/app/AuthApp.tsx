import { RemoteRoutes, useSession } from '@portal/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ForgotPasswordScreen } from '../features/forgot-password/components/ForgotPasswordScreen';
import { InvitationScreen } from '../features/invitation/components/InvitationScreen';
import { SignInScreen } from '../features/sign-in/components/SignInScreen';
import { MfaSetupWizard } from '../features/two-factor/components/MfaSetupWizard';
import { MfaVerificationScreen } from '../features/two-factor/components/MfaVerificationScreen';
import { screens } from './screens';

/** The token of an invitation path: /user-invitation/<token> or /user-invitation/<organization>/<token>. */
export function invitationToken(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'user-invitation' || segments.length < 2 || segments.length > 3) return null;
  return decodeURIComponent(segments[segments.length - 1]);
}

/**
 * mfe-auth's top component. Until the session is authenticated the host mounts mfe-auth whatever
 * the path, and the session's state decides the screen (spec 4.1).
 */
export function AuthApp() {
  const status = useSession((state) => state.session?.authentication_status ?? '');
  const { pathname } = useLocation();

  if (status === 'Authenticated') return <RemoteRoutes remote="mfe-auth" screens={screens} />;
  if (status === 'MfaVerification') return <MfaVerificationScreen />;
  if (status === 'MfaSetup') return <MfaSetupWizard />;
  const token = invitationToken(pathname);
  if (token) return <InvitationScreen key={token} token={token} />;
  return <SignedOut />;
}

function SignedOut() {
  const [forgot, setForgot] = useState(false);
  if (forgot) return <ForgotPasswordScreen onCancel={() => setForgot(false)} />;
  return <SignInScreen onForgotPassword={() => setForgot(true)} />;
}
