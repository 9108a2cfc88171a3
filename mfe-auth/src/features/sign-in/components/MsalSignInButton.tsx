import { Button } from '@chakra-ui/react';

/** The identity platform's sign-in button; any OpenID Connect issuer may stand behind it. */
export const THIRD_PARTY_SIGN_IN_LABEL = 'Sign in with Microsoft';

export interface MsalSignInButtonProps {
  onClick: () => void;
  pending: boolean;
}

export function MsalSignInButton({ onClick, pending }: MsalSignInButtonProps) {
  return (
    <Button
      type="button"
      variant="outline"
      w="full"
      onClick={onClick}
      // The username field, focused on arrival, keeps the focus: leaving it would mark it
      // 'Required.' for someone who signs in without typing one.
      onMouseDown={(event) => event.preventDefault()}
      disabled={pending}
      loading={pending}
      loadingText={THIRD_PARTY_SIGN_IN_LABEL}
    >
      {THIRD_PARTY_SIGN_IN_LABEL}
    </Button>
  );
}
