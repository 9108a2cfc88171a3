// /administration/iam: the roles of the organization (or, for a Global Admin, the global
// variants with ?scope=global): list, create, edit description and policies, restore a built-in
// role's default or delete a custom one, and assign organization and global roles to users.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import {
  DeleteConfirmationDialog,
  NoAccess,
  ScreenFrame,
  usePermitted,
  type ScreenComponent,
} from '@portal/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PanelHeading } from '../../../components/display';
import { useDeleteRole, useRoles, type Role, type RoleScope } from '../api/roles';
import { ROLE_PERMISSIONS } from '../permissions';
import { RoleAssignments } from './RoleAssignments';
import { RoleForm } from './RoleForm';
import { RolesTable } from './RolesTable';
import { ConfirmAction, ConfirmMessage, QueryList } from '../../../components/sections';
import { announceThen } from '../../../lib/announce';

export const IamScreen: ScreenComponent = ({ route }) => {
  const [params, setParams] = useSearchParams();
  const mayOrganization = usePermitted(ROLE_PERMISSIONS.organization.LIST);
  const mayGlobal = usePermitted(ROLE_PERMISSIONS.global.LIST);
  // The global variants when asked for, or when they are all the user may see.
  const scope: RoleScope = mayGlobal && (params.get('scope') === 'global' || !mayOrganization) ? 'global' : 'organization';

  return (
    <ScreenFrame route={route}>
      {!mayOrganization && !mayGlobal ? (
        <NoAccess />
      ) : (
        <Stack gap="6">
          {mayGlobal && mayOrganization && (
            <HStack role="group" aria-label="Roles to edit" gap="0">
              {(['organization', 'global'] as const).map((option) => (
                <Button
                  key={option}
                  size="sm"
                  variant={scope === option ? 'solid' : 'outline'}
                  colorPalette="brand"
                  aria-pressed={scope === option}
                  borderStartRadius={option === 'organization' ? undefined : '0'}
                  borderEndRadius={option === 'global' ? undefined : '0'}
                  onClick={() => setParams(option === 'global' ? { scope: 'global' } : {})}
                >
                  {option === 'global' ? 'Global roles' : 'Organization roles'}
                </Button>
              ))}
            </HStack>
          )}
          {/* A new scope starts on its list. */}
          <RolesOfScope key={scope} scope={scope} />
        </Stack>
      )}
    </ScreenFrame>
  );
};

type Panel = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; name: string } | { kind: 'holders'; name: string };

function RolesOfScope({ scope }: { scope: RoleScope }) {
  const roles = useRoles(scope);
  const remove = useDeleteRole(scope);
  const permissions = ROLE_PERMISSIONS[scope];
  const mayCreate = usePermitted(permissions.CREATE);
  const mayUpdate = usePermitted(permissions.UPDATE);
  const mayDelete = usePermitted(permissions.DELETE);
  const mayAssign = usePermitted(permissions.ASSIGN);
  const [panel, setPanelState] = useState<Panel>({ kind: 'list' });
  const [returned, setReturned] = useState(false);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const setPanel = (next: Panel) => {
    setReturned(true);
    setPanelState(next);
  };
  const toList = () => setPanel({ kind: 'list' });
  const title = scope === 'global' ? 'Global roles' : 'Roles';

  const confirmDelete = () => {
    if (!deleting) return;
    const role = deleting;
    remove.mutate(role, announceThen(role.built_in ? `Role ${role.name} is back to its default.` : `Role ${role.name} deleted.`, () => setDeleting(null)));
  };

  if (panel.kind === 'create') {
    return (
      <Box as="section" aria-label="Create role">
        <PanelHeading>{scope === 'global' ? 'Create global role' : 'Create role'}</PanelHeading>
        <RoleForm scope={scope} onDone={toList} onCancel={toList} />
      </Box>
    );
  }

  const selected = panel.kind === 'list' ? undefined : roles.data?.find((role) => role.name === panel.name);
  if (panel.kind === 'edit' && selected) {
    return (
      <Box as="section" aria-label={`Edit role ${selected.name}`}>
        <PanelHeading>Edit role {selected.name}</PanelHeading>
        <RoleForm scope={scope} role={selected} onDone={toList} onCancel={toList} />
      </Box>
    );
  }
  if (panel.kind === 'holders' && selected) {
    return (
      <Box as="section" aria-label={`Holders of ${selected.name}`}>
        <PanelHeading>Holders of {selected.name}</PanelHeading>
        <RoleAssignments role={selected} onBack={toList} />
      </Box>
    );
  }

  return (
    <Box as="section" aria-label={title}>
      <HStack justify="space-between" mb="4" gap="3" wrap="wrap">
        <PanelHeading focusOnOpen={returned}>{title}</PanelHeading>
        {mayCreate && (
          <Button colorPalette="brand" onClick={() => setPanel({ kind: 'create' })}>
            Create role
          </Button>
        )}
      </HStack>
      {scope === 'global' && (
        <Text fontSize="sm" color="fg.muted" mb="4">
          The global variants apply wherever an organization has not customized a role.
        </Text>
      )}
      <QueryList query={roles} loading="Loading roles…" empty={{ title: 'No roles yet.' }}>
        {(list) => (
          <RolesTable
            roles={list}
            onEdit={mayUpdate ? (role) => setPanel({ kind: 'edit', name: role.name }) : undefined}
            onHolders={mayAssign ? (role) => setPanel({ kind: 'holders', name: role.name }) : undefined}
            onDelete={
              mayDelete
                ? (role) => {
                    remove.reset();
                    setDeleting(role);
                  }
                : undefined
            }
          />
        )}
      </QueryList>

      <ConfirmAction
        open={deleting !== null && deleting.built_in}
        title="Restore default"
        yesText="Restore default"
        mutation={remove}
        onYes={confirmDelete}
        onNo={() => setDeleting(null)}
      >
        Role {deleting?.name} goes back to its default description and policies; the changes made to it
        {scope === 'global' ? '' : ' in this organization'} are discarded.
      </ConfirmAction>
      <DeleteConfirmationDialog
        open={deleting !== null && !deleting.built_in}
        title="Delete role"
        message={
          <ConfirmMessage error={remove.error}>
            Role {deleting?.name} will be deleted and taken away from every user and process membership holding it.
          </ConfirmMessage>
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
