// "Invite to a trial": a 14-day trial organization is created and its admin is invited by mail
// (spec 1, 4.2); the Global Admin gives the organization's name and the invitee's email.
import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, FREE_TRIAL_DAYS, validateField } from '@portal/shared';
import { useState } from 'react';
import { TextField } from '../../../components/fields';
import { useInviteTrial } from '../api/organizations';
import { announceThen } from '../../../lib/announce';

export interface TrialInvitationFormProps {
  onDone: () => void;
  onCancel: () => void;
}

export function TrialInvitationForm({ onDone, onCancel }: TrialInvitationFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState({ name: false, email: false });
  const [submitted, setSubmitted] = useState(false);
  const invite = useInviteTrial();
  const errors = {
    name: validateField({ required: true, format: 'safetext' }, name),
    email: validateField({ required: true, format: 'email' }, email),
  };
  const shown = (field: 'name' | 'email') => (submitted || touched[field] ? errors[field] : undefined);

  return (
    <chakra.form
      noValidate
      aria-label="Invite to a trial"
      maxW="lg"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (errors.name || errors.email || invite.isPending) return;
        const invitation = { name: name.trim(), email: email.trim() };
        invite.mutate(invitation, announceThen(`${invitation.email} is invited to a ${FREE_TRIAL_DAYS}-day trial of ${invitation.name}.`, onDone));
      }}
    >
      <Stack gap="4">
        <Text color="fg.muted">
          Creates a {FREE_TRIAL_DAYS}-day trial organization and invites its admin by mail.
        </Text>
        <TextField
          label="Organization name"
          value={name}
          onChange={setName}
          onBlur={() => setTouched((current) => ({ ...current, name: true }))}
          error={shown('name')}
        />
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={setEmail}
          onBlur={() => setTouched((current) => ({ ...current, email: true }))}
          error={shown('email')}
        />
        {invite.error && <ErrorAlert error={invite.error} />}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" loading={invite.isPending} loadingText="Send invitation">
            Send invitation
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={invite.isPending}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
