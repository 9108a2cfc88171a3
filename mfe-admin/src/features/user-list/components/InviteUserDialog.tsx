// Invite user: login id, name, email, organization roles and optionally a first process with its
// roles. POST users creates the user inactive and mails the invitation.
import { FormDialog, showSnackbar, type Process } from '@portal/shared';
import { useState } from 'react';
import { useRoleChoices } from '../../iam';
import { CheckboxGroup, SelectField, TextField } from '../../../components/fields';
import { fieldErrors, hasErrors } from '../../../lib/formErrors';
import { useInviteUser, type InvitePayload } from '../api/userCommands';

export const CHOOSE_A_ROLE = 'Choose at least one role for the process.';

interface InviteValues extends Record<string, unknown> {
  login_id: string;
  name: string;
  email: string;
  roles: string[];
  process: string;
  process_roles: string[];
}

const EMPTY: InviteValues = { login_id: '', name: '', email: '', roles: [], process: '', process_roles: [] };

export function inviteErrors(values: InviteValues) {
  const errors: Partial<Record<keyof InviteValues & string, string>> = fieldErrors<InviteValues>(
    {
      login_id: { required: true, format: 'loginId' },
      name: { required: true, max: 255 },
      email: { required: true, format: 'email' },
    },
    values,
  );
  if (values.process && values.process_roles.length === 0) errors.process_roles = CHOOSE_A_ROLE;
  return errors;
}

export function invitePayload(values: InviteValues): InvitePayload {
  return {
    login_id: values.login_id,
    name: values.name.trim(),
    email: values.email.trim(),
    roles: values.roles,
    ...(values.process ? { memberships: [{ process: values.process, roles: values.process_roles }] } : {}),
  };
}

export interface InviteUserDialogProps {
  open: boolean;
  onClose: () => void;
  processes: readonly Process[];
}

export function InviteUserDialog({ open, onClose, processes }: InviteUserDialogProps) {
  const [values, setValues] = useState<InviteValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const invite = useInviteUser();
  const roleChoices = useRoleChoices();
  const errors = inviteErrors(values);
  const shown = submitted ? errors : {};
  const set = <K extends keyof InviteValues>(name: K, value: InviteValues[K]) => setValues((current) => ({ ...current, [name]: value }));

  const close = () => {
    setValues(EMPTY);
    setSubmitted(false);
    invite.reset();
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title="Invite user"
      submitText="Send invitation"
      busy={invite.isPending}
      error={invite.error ?? undefined}
      onClose={close}
      onSubmit={() => {
        setSubmitted(true);
        if (hasErrors(errors)) return;
        invite.mutate(invitePayload(values), {
          onSuccess: (user) => {
            showSnackbar(`Invitation sent to ${user?.email ?? values.email.trim()}.`, 'success');
            close();
          },
        });
      }}
    >
      <TextField label="Login ID" required value={values.login_id} onChange={(value) => set('login_id', value)} error={shown.login_id} />
      <TextField label="Name" required value={values.name} onChange={(value) => set('name', value)} error={shown.name} />
      <TextField label="Email" type="email" required value={values.email} onChange={(value) => set('email', value)} error={shown.email} />
      <CheckboxGroup legend="Organization roles" options={roleChoices.organization} selected={values.roles} onChange={(roles) => set('roles', roles)} />
      <SelectField
        label="First process (optional)"
        value={values.process}
        emptyOption="No process"
        options={processes.map((process) => ({ value: process.code_name, label: `${process.name} (${process.code_name})` }))}
        onChange={(value) => setValues((current) => ({ ...current, process: value, process_roles: value ? current.process_roles : [] }))}
      />
      {values.process && (
        <CheckboxGroup
          legend="Roles in the process"
          options={roleChoices.process}
          selected={values.process_roles}
          onChange={(roles) => set('process_roles', roles)}
          error={shown.process_roles}
        />
      )}
    </FormDialog>
  );
}
