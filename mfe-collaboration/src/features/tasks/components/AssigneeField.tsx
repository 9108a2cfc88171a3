// Who a task goes to: a person (GET users/assignees: the users holding the permission the task
// needs) or a workgroup of the organization (GET workgroups). Nobody is a choice where allowed.
import { Stack, Text } from '@chakra-ui/react';
import type { KnownPermission } from '@portal/shared';
import { SelectField } from '@portal/shared/screens';
import { useAssignees, useWorkgroups } from '../api/getPeople';

export interface AssigneeValue {
  mode: 'none' | 'user' | 'group';
  id: string;
}

export interface AssigneeFieldProps {
  graph: string;
  /** Who is listed: the users holding this permission in the process. */
  permission: KnownPermission;
  value: AssigneeValue;
  onChange: (value: AssigneeValue) => void;
  allowNone?: boolean;
}

export function AssigneeField({ graph, permission, value, onChange, allowNone = false }: AssigneeFieldProps) {
  const people = useAssignees(graph, permission, value.mode === 'user');
  const groups = useWorkgroups(value.mode === 'group');
  const modes = [
    ...(allowNone ? [{ value: 'none', label: 'Nobody yet' }] : []),
    { value: 'user', label: 'A person' },
    { value: 'group', label: 'A workgroup' },
  ];
  return (
    <Stack gap={2}>
      <SelectField label="Assign to" value={value.mode} options={modes} onChange={(mode) => onChange({ mode: mode as AssigneeValue['mode'], id: '' })} />
      {value.mode === 'user' && (
        <SelectField
          label="Person"
          value={value.id}
          placeholder={people.isPending ? 'Loading people…' : 'Choose a person'}
          options={(people.data ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.login_id})` }))}
          onChange={(id) => onChange({ mode: 'user', id })}
        />
      )}
      {value.mode === 'user' && people.data?.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          Nobody in this process may handle the task.
        </Text>
      )}
      {value.mode === 'user' && Boolean(people.error) && (
        <Text fontSize="sm" color="fg.error">
          The people who may handle the task could not be read.
        </Text>
      )}
      {value.mode === 'group' && (
        <SelectField
          label="Workgroup"
          value={value.id}
          placeholder={groups.isPending ? 'Loading workgroups…' : 'Choose a workgroup'}
          options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          onChange={(id) => onChange({ mode: 'group', id })}
        />
      )}
      {value.mode === 'group' && Boolean(groups.error) && (
        <Text fontSize="sm" color="fg.error">
          The workgroups could not be read (listing them needs the workgroup list permission).
        </Text>
      )}
    </Stack>
  );
}
