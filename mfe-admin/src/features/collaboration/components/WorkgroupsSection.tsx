// The organization's workgroups with their members: add, edit and delete (typed confirmation).
import { HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useUsers } from '../../user-list';
import { DataTable } from '@portal/shared/screens';
import { AdminSection, ConfirmDeletion, QueryList } from '../../../components/sections';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useDeleteWorkgroup, useWorkgroups, type WorkgroupDetails } from '../api/workgroups';
import { WorkgroupDialog } from './WorkgroupDialog';
import { announceThen } from '../../../lib/announce';
import { RowAction } from '../../../components/RowAction';

type Editing = { mode: 'add' } | { mode: 'edit'; workgroup: WorkgroupDetails } | { mode: 'delete'; workgroup: WorkgroupDetails };

export function WorkgroupsSection() {
  const workgroups = useWorkgroups();
  const users = useUsers();
  const canCreate = useAllowed(ADMIN_PERMISSIONS.CREATE_WORKGROUP);
  const canUpdate = useAllowed(ADMIN_PERMISSIONS.UPDATE_WORKGROUP);
  const canDelete = useAllowed(ADMIN_PERMISSIONS.DELETE_WORKGROUP);
  const remove = useDeleteWorkgroup();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => {
    remove.reset();
    setEditing(null);
  };

  return (
    <AdminSection id="workgroups" title="Workgroups" headingMb={3} mb={10} action={canCreate && { label: 'Add workgroup', onClick: () => setEditing({ mode: 'add' }) }}>
      <QueryList
        query={workgroups}
        loading="Loading workgroups…"
        empty={{ title: 'No workgroups yet', description: canCreate ? 'Group users who work together with Add workgroup.' : undefined }}
      >
        {(list) => (
          <DataTable
            caption="Workgroups and their members"
            rows={list}
            rowKey={(workgroup) => workgroup.id}
            columns={[
              { header: 'Name', rowHeader: true, cell: (workgroup) => workgroup.name },
              { header: 'Description', cell: (workgroup) => workgroup.description || <Text color="fg.muted">None</Text> },
              {
                header: 'Members',
                cell: (workgroup) =>
                  workgroup.members.length > 0 ? workgroup.members.map((member) => member.name).join(', ') : <Text color="fg.muted">No members</Text>,
              },
              {
                header: 'Actions',
                cell: (workgroup) => (
                  <HStack gap={2}>
                    {canUpdate && (
                      <RowAction label={`Edit workgroup ${workgroup.name}`} onClick={() => setEditing({ mode: 'edit', workgroup })}>
                        Edit
                      </RowAction>
                    )}
                    {canDelete && (
                      <RowAction label={`Delete workgroup ${workgroup.name}`} danger onClick={() => setEditing({ mode: 'delete', workgroup })}>
                        Delete
                      </RowAction>
                    )}
                  </HStack>
                ),
              },
            ]}
          />
        )}
      </QueryList>
      {(editing?.mode === 'add' || editing?.mode === 'edit') && (
        <WorkgroupDialog workgroup={editing.mode === 'edit' ? editing.workgroup : undefined} users={users.data ?? []} onClose={close} />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDeletion
          title={`Delete workgroup ${editing.workgroup.name}`}
          mutation={remove}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(editing.workgroup.id, announceThen(`Workgroup ${editing.workgroup.name} deleted.`, close))
          }
        >
          Delete the workgroup {editing.workgroup.name}? Its members stay users of the organization.
        </ConfirmDeletion>
      )}
    </AdminSection>
  );
}
