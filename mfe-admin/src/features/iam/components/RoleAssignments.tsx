// Who holds an organization or global role: the users holding it (each can be unassigned after a
// confirmation) and a user picker to assign it. A Global Admin picks the organization whose users
// are listed (GET users?organization=<id>).
import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, Loading, QueryView, showSnackbar, usePermitted, useSession } from '@portal/shared';
import { useState } from 'react';
import { Tag } from '../../../components/display';
import { DataTable } from '@portal/shared/screens';
import { SelectField } from '../../../components/fields';
import { useOrganizations } from '../../global';
import { useAssignRole, type Role } from '../api/roles';
import { useUsers, type RoleHolder } from '../api/users';
import { LIST_ORGANIZATIONS } from '../permissions';
import { ConfirmAction } from '../../../components/sections';

export interface RoleAssignmentsProps {
  role: Role;
  onBack: () => void;
}

const userLabel = (user: RoleHolder): string => `${user.name} (${user.login_id})${user.inactive ? ', inactive' : ''}`;

export function RoleAssignments({ role, onBack }: RoleAssignmentsProps) {
  const mayListOrganizations = usePermitted(LIST_ORGANIZATIONS);
  const ownOrganization = useSession((state) => state.session?.organization?.id);
  const pickOrganization = role.kind === 'global' && mayListOrganizations;
  const [organization, setOrganization] = useState<string | undefined>(ownOrganization);

  return (
    <Stack gap="6" maxW="3xl">
      <Text color="fg.muted">{role.description}</Text>
      {pickOrganization && <OrganizationPicker value={organization} onChange={setOrganization} />}
      {pickOrganization && organization === undefined ? (
        <Text>Choose the organization whose users to list.</Text>
      ) : (
        <Holders role={role} organization={pickOrganization ? organization : undefined} />
      )}
      <Box>
        <Button variant="ghost" onClick={onBack}>
          Back to roles
        </Button>
      </Box>
    </Stack>
  );
}

function OrganizationPicker({ value, onChange }: { value: string | undefined; onChange: (id: string) => void }) {
  const organizations = useOrganizations();
  if (organizations.isPending) return <Loading label="Loading organizations…" />;
  if (organizations.isError) return <ErrorAlert error={organizations.error} onRetry={() => void organizations.refetch()} />;
  return (
    <Box maxW="sm">
      <SelectField
        label="Organization"
        value={value ?? ''}
        placeholder="Choose an organization"
        options={organizations.data.map((organization) => ({ value: organization.id, label: organization.name }))}
        onChange={onChange}
      />
    </Box>
  );
}

function Holders({ role, organization }: { role: Role; organization: string | undefined }) {
  const users = useUsers(organization);
  const assign = useAssignRole();
  const [chosen, setChosen] = useState('');
  const [unassigning, setUnassigning] = useState<RoleHolder | null>(null);

  return (
    <QueryView query={users} loading="Loading users…" noAccessOnForbidden>
      {(list) => {
        const holders = list.filter((user) => user.roles.includes(role.name));
        const others = list.filter((user) => !user.roles.includes(role.name));
        const assignChosen = () => {
          const user = others.find((candidate) => candidate.id === chosen);
          if (!user || assign.isPending) return;
          assign.mutate(
            { role, user_id: user.id, assigned: true },
            {
              onSuccess: () => {
                setChosen('');
                showSnackbar(`Role ${role.name} assigned to ${user.name}.`, 'success');
              },
            },
          );
        };
        const unassign = () => {
          if (!unassigning) return;
          const user = unassigning;
          assign.mutate(
            { role, user_id: user.id, assigned: false },
            {
              onSuccess: () => {
                setUnassigning(null);
                showSnackbar(`Role ${role.name} unassigned from ${user.name}.`, 'success');
              },
            },
          );
        };
        return (
          <Stack gap="6">
            <Box>
              <Heading as="h3" size="md" mb="3">
                Holders
              </Heading>
              {holders.length === 0 ? (
                <Empty title={`No user holds ${role.name}.`} />
              ) : (
                <DataTable
                  captionHidden
                  caption={`Holders of ${role.name}`}
                  rowKey={(user) => user.id}
                  rows={holders}
                  columns={[
                    { header: 'Name', cell: (user) => user.name },
                    { header: 'Login ID', cell: (user) => user.login_id },
                    { header: 'Email', cell: (user) => user.email },
                    { header: 'Status', cell: (user) => (user.inactive ? <Tag>Inactive</Tag> : <Tag palette="green">Active</Tag>) },
                    {
                      header: 'Actions',
                      align: 'end',
                      cell: (user) => (
                        <Button size="xs" variant="outline" colorPalette="red" aria-label={`Unassign ${role.name} from ${user.name}`} onClick={() => {
                            assign.reset();
                            setUnassigning(user);
                          }}>
                          Unassign
                        </Button>
                      ),
                    },
                  ]}
                />
              )}
            </Box>
            <chakra.form
              noValidate
              aria-label={`Assign ${role.name}`}
              onSubmit={(event) => {
                event.preventDefault();
                assignChosen();
              }}
            >
              <Heading as="h3" size="md" mb="3">
                Assign to a user
              </Heading>
              {others.length === 0 ? (
                <Text color="fg.muted">{list.length === 0 ? 'The organization has no users.' : `Every user holds ${role.name}.`}</Text>
              ) : (
                <HStack align="flex-end" gap="3" maxW="xl">
                  <SelectField
                    label="User"
                    value={chosen}
                    placeholder="Choose a user"
                    options={others.map((user) => ({ value: user.id, label: userLabel(user) }))}
                    onChange={setChosen}
                  />
                  <Button type="submit" colorPalette="brand" disabled={chosen === ''} loading={assign.isPending && unassigning === null} loadingText="Assign">
                    Assign
                  </Button>
                </HStack>
              )}
              {assign.error && unassigning === null && (
                <Box mt="3">
                  <ErrorAlert error={assign.error} />
                </Box>
              )}
            </chakra.form>
            <ConfirmAction
              open={unassigning !== null}
              title="Unassign role"
              yesText="Unassign"
              mutation={assign}
              onYes={unassign}
              onNo={() => setUnassigning(null)}
            >
              {unassigning?.name} will no longer hold {role.name}.
            </ConfirmAction>
          </Stack>
        );
      }}
    </QueryView>
  );
}
