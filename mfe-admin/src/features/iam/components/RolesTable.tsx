// The roles of a scope as a table: name, kind, built-in or custom (and whether a built-in role is
// customized here), its number of policies and the actions the user may take on it.
import { HStack } from '@chakra-ui/react';
import { Tag } from '../../../components/display';
import { type Column, DataTable } from '@portal/shared/screens';
import type { Role } from '../api/roles';
import { KIND_LABELS } from './RoleForm';
import { actionsAtEnd, RowAction } from '../../../components/RowAction';

export interface RolesTableProps {
  roles: readonly Role[];
  onEdit?: (role: Role) => void;
  onHolders?: (role: Role) => void;
  onDelete?: (role: Role) => void;
}

/** Process roles are given through process memberships, not assigned here. */
export const assignable = (role: Role): boolean => role.kind !== 'process';

/** A built-in role can only go back to its default, and only once it was customized. */
export const deletable = (role: Role): boolean => !role.built_in || role.customized;

export function RolesTable({ roles, onEdit, onHolders, onDelete }: RolesTableProps) {
  const columns: Column<Role>[] = [
    { header: 'Name', cell: (role) => role.name },
    { header: 'Kind', cell: (role) => KIND_LABELS[role.kind] },
    {
      header: 'Type',
      cell: (role) => (
        <HStack gap="2">
          {role.built_in ? <Tag>Built-in</Tag> : <Tag palette="brand">Custom</Tag>}
          {role.customized && <Tag palette="orange">Customized</Tag>}
        </HStack>
      ),
    },
    { header: 'Description', cell: (role) => role.description },
    { header: 'Policies', align: 'end', cell: (role) => role.policies.length },
  ];
  if (onEdit || onHolders || onDelete) {
    columns.push(
      actionsAtEnd((role: Role) => (
        <>
          {onEdit && (
            <RowAction label={`Edit ${role.name}`} onClick={() => onEdit(role)}>
              Edit
            </RowAction>
          )}
          {onHolders && assignable(role) && (
            <RowAction label={`Holders of ${role.name}`} onClick={() => onHolders(role)}>
              Holders
            </RowAction>
          )}
          {onDelete && deletable(role) && (
            <RowAction label={role.built_in ? `Restore default of ${role.name}` : `Delete ${role.name}`} danger onClick={() => onDelete(role)}>
              {role.built_in ? 'Restore default' : 'Delete'}
            </RowAction>
          )}
        </>
      )),
    );
  }
  return <DataTable caption="Roles" captionHidden columns={columns} rows={roles} rowKey={(role) => role.name} />;
}
