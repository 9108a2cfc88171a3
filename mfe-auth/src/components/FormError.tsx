import { Alert } from '@chakra-ui/react';

/** The answer of the server to a form, shown inside the form. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
