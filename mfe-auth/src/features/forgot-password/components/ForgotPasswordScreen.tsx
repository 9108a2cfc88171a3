import { useState } from 'react';
import { AuthCard } from '../../../components/AuthCard';
import { ResetPasswordCodeForm } from './ResetPasswordCodeForm';
import { ResetPasswordRequestForm } from './ResetPasswordRequestForm';

/** Forgot password (spec 4.2): the username, then the one-time code with the new password. */
export function ForgotPasswordScreen({ onCancel }: { onCancel: () => void }) {
  const [username, setUsername] = useState<string | null>(null);
  if (username !== null) {
    return (
      <AuthCard title="Reset Password">
        <ResetPasswordCodeForm username={username} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset Password Request">
      <ResetPasswordRequestForm onCancel={onCancel} onCodeSent={setUsername} />
    </AuthCard>
  );
}
