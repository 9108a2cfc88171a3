import { Alert, Box, Button, chakra, Field, Heading, Input, Text } from '@chakra-ui/react';
import { logout, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { useState } from 'react';
import { useInitializePortal } from '../api/initializePortal';
import { EMPTY_INITIALIZATION, INITIALIZATION_FIELDS, initializationErrors, type InitializationValues } from './initializationForm';

export const initializedMessage = (loginId: string): string => `The portal is initialized. Sign in as ${loginId}.`;

/** /administration/global/initialization: the Initiator's only screen (spec 4.1). */
export const InitializationScreen: ScreenComponent = ({ route }) => {
  const [values, setValues] = useState<InitializationValues>(EMPTY_INITIALIZATION);
  const [touched, setTouched] = useState<Partial<Record<keyof InitializationValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const initialize = useInitializePortal();
  const errors = initializationErrors(values);

  if (initialize.isSuccess) {
    return (
      <ScreenFrame route={route}>
        <Text role="status" mb={4}>
          {initializedMessage(values.login_id)}
        </Text>
        <Button colorPalette="brand" disabled={leaving} onClick={() => {
            setLeaving(true);
            // The Initiator's work is done: its session ends so the Global Admin can sign in.
            void logout();
          }}>
          Sign in
        </Button>
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame route={route}>
      <Box maxW="md">
        <chakra.form
          noValidate
          aria-label="Initialization"
          display="flex"
          flexDirection="column"
          gap={4}
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (Object.keys(errors).length > 0) return;
            initialize.mutate({
              organization: { name: values.organization.trim() },
              admin: { name: values.name.trim(), login_id: values.login_id, email: values.email, password: values.password },
            });
          }}
        >
          <Text>Create the first organization and its Global Admin.</Text>
          {INITIALIZATION_FIELDS.map((field, index) => {
            const error = submitted || touched[field.name] ? errors[field.name] : undefined;
            return (
              <Box key={field.name}>
                {index === 1 && (
                  <Heading as="h2" size="md" mb={4}>
                    Global Admin
                  </Heading>
                )}
                <Field.Root invalid={Boolean(error)}>
                  <Field.Label>{field.label}</Field.Label>
                  <Input
                    name={field.name}
                    type={field.password ? 'password' : 'text'}
                    autoComplete={field.password ? 'new-password' : 'off'}
                    value={values[field.name]}
                    onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
                    onBlur={() => setTouched((current) => ({ ...current, [field.name]: true }))}
                  />
                  {error && <Field.ErrorText role="alert">{error}</Field.ErrorText>}
                </Field.Root>
              </Box>
            );
          })}
          {initialize.error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{initialize.error.message}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={initialize.isPending} loading={initialize.isPending} loadingText="INITIALIZE">
            INITIALIZE
          </Button>
        </chakra.form>
      </Box>
    </ScreenFrame>
  );
};
