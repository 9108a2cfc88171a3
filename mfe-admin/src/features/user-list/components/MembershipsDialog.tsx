// The processes a user belongs to and the roles held in each: change the roles, disenroll (after
// a confirmation), or enroll in another process. Every change is PATCH users/memberships.
import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, type Process } from '@portal/shared';
import { useState } from 'react';
import { useRoleChoices } from '../../iam';
import type { ProcessMembership, UserSummary } from '../api/getUsers';
import { CheckboxGroup, SelectField } from '../../../components/fields';
import { PanelDialog } from '../../../components/PanelDialog';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useSetMembership, type MembershipPayload } from '../api/userCommands';
import { CHOOSE_A_ROLE } from './InviteUserDialog';
import { announceThen } from '../../../lib/announce';

export interface MembershipsDialogProps {
  user: UserSummary;
  processes: readonly Process[];
  onClose: () => void;
}

const sameProcess = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role) => b.includes(role));

export function processLabel(code: string, processes: readonly Process[]): string {
  const process = processes.find((candidate) => sameProcess(candidate.code_name, code));
  return process ? `${process.name} (${process.code_name})` : code;
}

export function MembershipsDialog({ user, processes, onClose }: MembershipsDialogProps) {
  const setMembership = useSetMembership();
  const canEnroll = useAllowed(ADMIN_PERMISSIONS.ENROLL_USER);
  const canDisenroll = useAllowed(ADMIN_PERMISSIONS.DISENROLL_USER);
  const roleChoices = useRoleChoices();

  const save = (payload: MembershipPayload, done: string, after?: () => void) =>
    setMembership.mutate(payload, announceThen(done, () => after?.()));

  const candidates = processes.filter((process) => !user.memberships.some((membership) => sameProcess(membership.process, process.code_name)));

  return (
    <PanelDialog open title={`Process memberships of ${user.login_id}`} onClose={onClose} busy={setMembership.isPending}>
      <Stack gap={5}>
        {setMembership.error && <ErrorAlert error={setMembership.error} />}
        {user.memberships.length === 0 ? (
          <Text>{user.login_id} is not enrolled in any process.</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap={4} aria-label="Memberships">
            {user.memberships.map((membership) => (
              <MembershipItem
                key={`${membership.process}:${membership.roles.join(',')}`}
                membership={membership}
                label={processLabel(membership.process, processes)}
                roleOptions={roleChoices.process}
                busy={setMembership.isPending}
                canChange={canEnroll}
                canDisenroll={canDisenroll}
                onSave={(roles) =>
                  save({ user_id: user.id, process: membership.process, roles }, `Roles of ${user.login_id} in ${membership.process} saved.`)
                }
                onDisenroll={() =>
                  save({ user_id: user.id, process: membership.process, roles: [] }, `${user.login_id} disenrolled from ${membership.process}.`)
                }
              />
            ))}
          </Stack>
        )}
        {canEnroll && (
          <EnrollForm
            key={user.memberships.length}
            processes={candidates}
            roleOptions={roleChoices.process}
            busy={setMembership.isPending}
            onEnroll={(process, roles) => save({ user_id: user.id, process, roles }, `${user.login_id} enrolled in ${process}.`)}
          />
        )}
      </Stack>
    </PanelDialog>
  );
}

interface MembershipItemProps {
  membership: ProcessMembership;
  label: string;
  roleOptions: readonly string[];
  busy: boolean;
  canChange: boolean;
  canDisenroll: boolean;
  onSave: (roles: string[]) => void;
  onDisenroll: () => void;
}

function MembershipItem({ membership, label, roleOptions, busy, canChange, canDisenroll, onSave, onDisenroll }: MembershipItemProps) {
  const [roles, setRoles] = useState<string[]>(membership.roles);
  const [confirming, setConfirming] = useState(false);
  const changed = !sameRoles(roles, membership.roles);

  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p={3} aria-label={label}>
      {canChange ? (
        <CheckboxGroup legend={label} options={roleOptions} selected={roles} onChange={setRoles} disabled={busy} error={roles.length === 0 ? CHOOSE_A_ROLE : undefined} />
      ) : (
        <Text>
          <chakra.span fontWeight="medium">{label}</chakra.span>: {membership.roles.join(', ')}
        </Text>
      )}
      {confirming ? (
        <HStack mt={3} gap={3} role="group" aria-label={`Confirm disenrolling from ${label}`}>
          <Text flex="1">Disenroll from {label}? The user loses access to the process at once.</Text>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
            Keep
          </Button>
          <Button size="sm" colorPalette="red" onClick={onDisenroll} loading={busy} loadingText="Disenroll">
            Disenroll
          </Button>
        </HStack>
      ) : (
        <HStack mt={3} gap={3}>
          {canChange && (
            <Button size="sm" colorPalette="brand" aria-label={`Save roles in ${label}`} disabled={!changed || roles.length === 0 || busy} onClick={() => onSave(roles)}>
              Save roles
            </Button>
          )}
          {canDisenroll && (
            <Button size="sm" variant="outline" colorPalette="red" aria-label={`Disenroll from ${label}…`} disabled={busy} onClick={() => setConfirming(true)}>
              Disenroll…
            </Button>
          )}
        </HStack>
      )}
    </Box>
  );
}

interface EnrollFormProps {
  processes: readonly Process[];
  roleOptions: readonly string[];
  busy: boolean;
  onEnroll: (process: string, roles: string[]) => void;
}

function EnrollForm({ processes, roleOptions, busy, onEnroll }: EnrollFormProps) {
  const [process, setProcess] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const error = !process ? 'Required.' : roles.length === 0 ? CHOOSE_A_ROLE : undefined;

  if (processes.length === 0) {
    return <Text color="fg.muted">There is no other process to enroll in.</Text>;
  }

  return (
    <chakra.form
      noValidate
      aria-label="Enroll in a process"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (error || busy) return;
        onEnroll(process, roles);
      }}
    >
      <Stack gap={3} borderTopWidth="1px" pt={4}>
        <Heading as="h3" size="sm">
          Enroll in a process
        </Heading>
        <SelectField
          label="Process"
          value={process}
          emptyOption="Choose a process"
          options={processes.map((candidate) => ({ value: candidate.code_name, label: `${candidate.name} (${candidate.code_name})` }))}
          onChange={setProcess}
          error={submitted && !process ? 'Required.' : undefined}
          disabled={busy}
        />
        <CheckboxGroup legend="Roles" options={roleOptions} selected={roles} onChange={setRoles} disabled={busy} error={submitted && process && roles.length === 0 ? CHOOSE_A_ROLE : undefined} />
        <Button type="submit" size="sm" colorPalette="brand" alignSelf="flex-start" loading={busy} loadingText="Enroll">
          Enroll
        </Button>
      </Stack>
    </chakra.form>
  );
}
