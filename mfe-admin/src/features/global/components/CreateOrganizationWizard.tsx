// Creates an organization together with its first admin (login id, name, email and a password
// with the spec 5 rules), in two steps of the portal's wizard.
import { Box, Button, HStack } from '@chakra-ui/react';
import { ErrorAlert, MESSAGES, showSnackbar } from '@portal/shared';
import { Wizard, type WizardStep } from '@portal/shared/screens';
import type { Organization } from '../../../lib/organizations';
import { useCreateOrganization } from '../api/organizations';

export interface NewOrganizationValues {
  name: string;
  login_id: string;
  admin_name: string;
  email: string;
  password: string;
  repeat_password: string;
}

const EMPTY: NewOrganizationValues = { name: '', login_id: '', admin_name: '', email: '', password: '', repeat_password: '' };

const STEPS: WizardStep<NewOrganizationValues>[] = [
  {
    id: 'organization',
    title: 'Organization',
    fields: [{ name: 'name', label: 'Organization name', rules: { required: true, format: 'safetext' } }],
  },
  {
    id: 'admin',
    title: 'Organization admin',
    description: 'The first admin of the organization. They set up two-factor authentication at their first sign-in.',
    fields: [
      { name: 'login_id', label: 'Login ID', rules: { required: true, format: 'loginId' } },
      { name: 'admin_name', label: 'Name', rules: { required: true } },
      { name: 'email', label: 'Email', rules: { required: true, format: 'email' } },
      { name: 'password', label: 'Password', password: true, rules: { required: true, format: 'password' } },
      {
        name: 'repeat_password',
        label: 'Repeat password',
        password: true,
        rules: { required: true },
        validate: (value, values) => (value === values.password ? undefined : MESSAGES.passwordMismatch),
      },
    ],
  },
];

export interface CreateOrganizationWizardProps {
  onDone: (organization: Organization) => void;
  onCancel: () => void;
}

export function CreateOrganizationWizard({ onDone, onCancel }: CreateOrganizationWizardProps) {
  const create = useCreateOrganization();

  const submit = async (values: NewOrganizationValues) => {
    try {
      const organization = await create.mutateAsync({
        name: values.name.trim(),
        admin: { login_id: values.login_id, name: values.admin_name.trim(), email: values.email, password: values.password },
      });
      showSnackbar(`Organization ${organization.name} created with its admin ${values.login_id}.`, 'success');
      onDone(organization);
    } catch {
      // Shown below the wizard from the mutation's error.
    }
  };

  return (
    <Box maxW="lg">
      <Wizard steps={STEPS} initialValues={EMPTY} onSubmit={submit} submitText="Create" busy={create.isPending} />
      {create.error && (
        <Box mt="4">
          <ErrorAlert error={create.error} />
        </Box>
      )}
      <HStack mt="4">
        <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
      </HStack>
    </Box>
  );
}
