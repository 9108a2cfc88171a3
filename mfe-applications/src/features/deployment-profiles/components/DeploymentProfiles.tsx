// An app's deployment profiles managed in one place (the RBOM settings page): the list, a new
// profile, a change, a deletion after typing 'delete', and the runtime BOM of the profile chosen
// (?profile=<id>, so that a link opens it).
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { DeleteConfirmationDialog, showSnackbar, usePermitted, type DeploymentProfileView } from '@portal/shared';
import { useState } from 'react';
import { Empty, QueryView } from '../../../components/QueryStates';
import { problemText } from '../../../lib/problemText';
import { usePageParams } from '../../../lib/searchParams';
import type { Build } from '../../../lib/types';
import { useCreateDeploymentProfile } from '../api/createDeploymentProfile';
import { useDeleteDeploymentProfile } from '../api/deleteDeploymentProfile';
import { useDeploymentProfiles } from '../api/getDeploymentProfiles';
import { useUpdateDeploymentProfile } from '../api/updateDeploymentProfile';
import { PROFILE_PERMISSIONS } from '../permissions';
import { ProfileFormDialog } from './ProfileFormDialog';
import { ProfilesTable } from './ProfilesTable';
import { RbomPanel } from './RbomPanel';

export function DeploymentProfiles({ graph, appKey, builds }: { graph: string; appKey: string; builds: readonly Build[] }) {
  const profiles = useDeploymentProfiles(graph, appKey);
  const create = useCreateDeploymentProfile(graph, appKey);
  const update = useUpdateDeploymentProfile(graph, appKey);
  const remove = useDeleteDeploymentProfile(graph, appKey);
  const canCreate = usePermitted(PROFILE_PERMISSIONS.CREATE);
  const canUpdate = usePermitted(PROFILE_PERMISSIONS.UPDATE);
  const canDelete = usePermitted(PROFILE_PERMISSIONS.DELETE);
  const canViewRbom = usePermitted(PROFILE_PERMISSIONS.VIEW_RBOM);
  const { params, change } = usePageParams();
  // undefined: no form open; null: the form of a new profile.
  const [editing, setEditing] = useState<DeploymentProfileView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<DeploymentProfileView | null>(null);
  const openId = params.get('profile');
  const saving = editing ? update : create;
  const close = () => {
    create.reset();
    update.reset();
    setEditing(undefined);
  };

  return (
    <Stack gap={4}>
      <HStack justify="space-between" flexWrap="wrap" gap={3}>
        <Text fontSize="sm" color="fg.muted" maxW="48rem">
          A deployment profile says where the application runs and which build runs there. Its runtime BOM is that build’s SBOM without what the profile leaves out:
          the components its patterns or types exclude, and what only they depend on.
        </Text>
        {canCreate && <Button onClick={() => setEditing(null)}>New deployment profile</Button>}
      </HStack>
      <QueryView query={profiles} loading="Loading the deployment profiles…">
        {(list) => {
          const open = list.find((profile) => profile.id === openId);
          return list.length === 0 ? (
            <Empty title="No deployment profiles yet" description="Create one for each environment the application is deployed to: its runtime BOM follows." />
          ) : (
            <Stack gap={4}>
              <ProfilesTable
                profiles={list}
                openId={openId}
                onOpen={(profile) => change({ profile: profile.id })}
                onChange={canUpdate ? setEditing : undefined}
                onDelete={canDelete ? setDeleting : undefined}
              />
              {open && canViewRbom && <RbomPanel key={`${open.id}@${open.version}`} graph={graph} appKey={appKey} profile={open} onClose={() => change({ profile: null })} />}
            </Stack>
          );
        }}
      </QueryView>
      {editing !== undefined && (
        <ProfileFormDialog
          key={editing?.id ?? 'new'}
          open
          profile={editing}
          builds={builds}
          busy={saving.isPending}
          error={saving.error}
          onClose={close}
          onSubmit={(input) => {
            const done = (profile: DeploymentProfileView) => {
              showSnackbar(editing ? `Saved ${profile.name}.` : `Created ${profile.name}.`, 'success');
              close();
              change({ profile: profile.id });
            };
            if (editing) update.mutate({ id: editing.id, input }, { onSuccess: done });
            else create.mutate(input, { onSuccess: done });
          }}
        />
      )}
      <DeleteConfirmationDialog
        open={deleting !== null}
        title={`Delete the profile ${deleting?.name ?? ''}?`}
        message="Its runtime BOM and every link it was shared by go with it."
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const profile = deleting!;
          remove.mutate(profile.id, {
            onSuccess: () => {
              showSnackbar(`Deleted ${profile.name}.`, 'success');
              setDeleting(null);
              if (openId === profile.id) change({ profile: null });
            },
            onError: (error) => showSnackbar(`The profile could not be deleted: ${problemText(error)}`, 'error'),
          });
        }}
      />
    </Stack>
  );
}
