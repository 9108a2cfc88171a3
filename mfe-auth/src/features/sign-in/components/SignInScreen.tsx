import type { LoginPayload } from '@portal/shared';
import { useState } from 'react';
import { AuthCard } from '../../../components/AuthCard';
import { ExpiredPasswordForm } from './ExpiredPasswordForm';
import { LoginHelpButton } from './LoginHelpButton';
import { SignInForm } from './SignInForm';

export interface SignInScreenProps {
  onForgotPassword: () => void;
}

/** Sign In, and the expired-password screen it switches to when sign-in answers 403. */
export function SignInScreen({ onForgotPassword }: SignInScreenProps) {
  const [expired, setExpired] = useState<LoginPayload | null>(null);

  if (expired) {
    return (
      <AuthCard title="Password Expired">
        <ExpiredPasswordForm credentials={expired} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign In" actions={<LoginHelpButton />}>
      <SignInForm onPasswordExpired={setExpired} onForgotPassword={onForgotPassword} />
    </AuthCard>
  );
}
