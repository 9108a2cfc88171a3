import { HStack, Link } from '@chakra-ui/react';
import { errorStatus, signInSchema, useSession, type LoginPayload } from '@portal/shared';
import { AuthForm } from '../../../components/AuthForm';
import { FormField } from '../../../components/FormField';
import { useForm } from '../../../hooks/useForm';
import { useSignIn } from '../api/signIn';
import { useMsalSignIn } from '../hooks/useMsalSignIn';
import { MsalSignInButton } from './MsalSignInButton';
import { FormSubmit } from '../../../components/FormSubmit';

export interface SignInFormProps {
  /** A 403 means the password has expired: the caller moves to the expired-password screen. */
  onPasswordExpired: (credentials: LoginPayload) => void;
  onForgotPassword: () => void;
}

export function SignInForm({ onPasswordExpired, onForgotPassword }: SignInFormProps) {
  const form = useForm(signInSchema, { username: '', password: '' });
  const signIn = useSignIn();
  const expired = errorStatus(signIn.error) === 403;
  // The unauthenticated session of GET sessions carries the features too.
  const msalEnabled = useSession((state) => state.session?.features?.msal === true);
  const msal = useMsalSignIn();

  return (
    <AuthForm
      label="Sign In"
      onSubmit={form.handleSubmit((values) => {
        msal.reset();
        signIn.mutate(values, {
          onError: (error) => {
            if (errorStatus(error) === 403) onPasswordExpired(values);
          },
        });
      })}
    >
      <FormField label="Username" autoComplete="username" autoFocus {...form.field('username')} />
      <FormField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <FormSubmit error={expired ? undefined : (msal.error ?? signIn.error?.message)} pending={signIn.isPending} label="Sign in" />
      {msalEnabled && (
        <MsalSignInButton
          pending={msal.pending}
          onClick={() => {
            signIn.reset();
            void msal.start();
          }}
        />
      )}
      <HStack justify="flex-end">
        <Link
          href="#forgot-password"
          colorPalette="blue"
          onClick={(event) => {
            event.preventDefault();
            onForgotPassword();
          }}
        >
          Forgot password
        </Link>
      </HStack>
    </AuthForm>
  );
}
