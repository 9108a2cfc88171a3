// Sharing a runtime BOM: how long the link works (1 to 30 days) and whom to mail it to; once made,
// the link is shown (it is not kept anywhere: copy it now) with a button to copy it.
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatDate, validateField, type DeploymentProfileView, type RbomShare } from '@portal/shared';
import { SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { useShareRbom } from '../api/shareRbom';

const DAYS = [1, 3, 7, 14, 30];

/** Addresses typed one per line or separated by commas; the first invalid one's message. */
export function recipientsOf(text: string): { recipients: string[]; problem?: string } {
  const recipients = text.split(/[\n,;]+/).map((address) => address.trim()).filter(Boolean);
  const problem = recipients.map((address) => validateField({ format: 'email' }, address)).find(Boolean);
  return { recipients, problem };
}

function Created({ share }: { share: RbomShare }) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack gap={3}>
      <Text>
        The link works until {formatDate(share.expires_at)}
        {share.recipients.length > 0 ? ` and was mailed to ${share.recipients.join(', ')}` : ''}. It is shown only now: copy it if you need it.
      </Text>
      <HStack>
        <Input readOnly value={share.url} aria-label="Shared link" onFocus={(event) => event.target.select()} />
        <Button
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(share.url ?? '').then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </HStack>
    </Stack>
  );
}

export function ShareDialog({ graph, appKey, profile, onClose }: { graph: string; appKey: string; profile: DeploymentProfileView; onClose: () => void }) {
  const share = useShareRbom(graph, appKey, profile.id);
  const [days, setDays] = useState('7');
  const [addresses, setAddresses] = useState('');
  const [left, setLeft] = useState(false);
  const { recipients, problem } = recipientsOf(addresses);
  if (share.data) {
    return (
      <FormDialog open title={`Runtime BOM of ${profile.name} shared`} submitText="Done" onSubmit={onClose} onClose={onClose}>
        <Created share={share.data} />
      </FormDialog>
    );
  }
  return (
    <FormDialog
      open
      title={`Share the runtime BOM of ${profile.name}`}
      submitText="Create the link"
      busy={share.isPending}
      error={share.error ?? undefined}
      submitDisabled={problem !== undefined}
      onClose={onClose}
      onSubmit={() => share.mutate({ expires_in_days: Number(days), recipients })}
    >
      <Text fontSize="sm">Anyone holding the link can download this runtime BOM (CycloneDX JSON) without signing in, until it expires or you revoke it.</Text>
      <SelectField label="The link works for" value={days} onChange={setDays} options={DAYS.map((count) => ({ value: String(count), label: count === 1 ? '1 day' : `${count} days` }))} />
      <TextField
        label="Mail it to (optional)"
        value={addresses}
        onChange={setAddresses}
        onBlur={() => setLeft(true)}
        error={left ? problem : undefined}
        multiline
        placeholder="auditor@example.com"
        helperText="One address per line, or separated by commas."
      />
    </FormDialog>
  );
}
