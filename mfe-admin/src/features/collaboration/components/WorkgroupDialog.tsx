// Add or edit a workgroup: name, description and members chosen among the organization's users.
import { Box, chakra, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { FormDialog, showSnackbar } from '@portal/shared';
import { useState } from 'react';
import type { UserSummary } from '../../user-list';
import { Checkbox, TextField } from '../../../components/fields';
import { fieldErrors } from '../../../lib/formErrors';
import { useCreateWorkgroup, useUpdateWorkgroup, type WorkgroupDetails } from '../api/workgroups';

export interface WorkgroupDialogProps {
  /** The workgroup to edit; absent to add one. */
  workgroup?: WorkgroupDetails;
  users: readonly UserSummary[];
  onClose: () => void;
}

export function WorkgroupDialog({ workgroup, users, onClose }: WorkgroupDialogProps) {
  const [name, setName] = useState(workgroup?.name ?? '');
  const [description, setDescription] = useState(workgroup?.description ?? '');
  const [memberIds, setMemberIds] = useState<string[]>(workgroup?.members.map((member) => member.id) ?? []);
  const [filter, setFilter] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateWorkgroup();
  const update = useUpdateWorkgroup();
  const mutation = workgroup ? update : create;
  const errors = fieldErrors({ name: { required: true, max: 255 }, description: { max: 1000 } }, { name, description });
  const shown = submitted ? errors : {};

  const needle = filter.trim().toLowerCase();
  const candidates = needle ? users.filter((user) => `${user.login_id} ${user.name}`.toLowerCase().includes(needle)) : users;
  const toggle = (id: string, on: boolean) => setMemberIds((current) => (on ? [...current, id] : current.filter((member) => member !== id)));

  const submit = () => {
    setSubmitted(true);
    if (errors.name || errors.description) return;
    const payload = { name: name.trim(), description: description.trim(), member_ids: memberIds };
    const done = () => {
      showSnackbar(`Workgroup ${payload.name} ${workgroup ? 'saved' : 'created'}.`, 'success');
      onClose();
    };
    if (workgroup) update.mutate({ id: workgroup.id, ...payload }, { onSuccess: done });
    else create.mutate(payload, { onSuccess: done });
  };

  return (
    <FormDialog
      open
      title={workgroup ? `Edit workgroup ${workgroup.name}` : 'Add workgroup'}
      submitText={workgroup ? 'Save' : 'Add'}
      busy={mutation.isPending}
      error={mutation.error ?? undefined}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField label="Name" required value={name} onChange={setName} error={shown.name} />
      <Field.Root invalid={Boolean(shown.description)}>
        <Field.Label>Description</Field.Label>
        <Textarea value={description} onChange={(event) => setDescription(event.target.value)} rows={3} />
        {shown.description && <Field.ErrorText role="alert">{shown.description}</Field.ErrorText>}
      </Field.Root>
      <chakra.fieldset border="none" p={0} m={0}>
        <chakra.legend fontSize="sm" fontWeight="medium" mb={1.5}>
          Members ({memberIds.length} selected)
        </chakra.legend>
        {users.length === 0 ? (
          <Text color="fg.muted">The organization has no users to add.</Text>
        ) : (
          <Stack gap={2}>
            <TextField label="Find users" value={filter} onChange={setFilter} placeholder="Login ID or name" enterDoesNotSubmit />
            <Box maxH="240px" overflowY="auto" borderWidth="1px" borderRadius="md" p={2}>
              <Stack gap={1}>
                {candidates.map((user) => (
                  <Checkbox key={user.id} label={`${user.name} (${user.login_id})`} checked={memberIds.includes(user.id)} onChange={(on) => toggle(user.id, on)} />
                ))}
                {candidates.length === 0 && <Text color="fg.muted">No user matches “{filter.trim()}”.</Text>}
              </Stack>
            </Box>
          </Stack>
        )}
      </chakra.fieldset>
    </FormDialog>
  );
}
