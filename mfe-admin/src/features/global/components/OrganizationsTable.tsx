// The organizations of the installation as a table: name, edition, trial end and usage against
// the limits of each, with the actions the Global Admin may take on a row.
import { Button } from '@chakra-ui/react';
import { formatDate } from '@portal/shared';
import { LIMITS, usageText, type Organization } from '../../../lib/organizations';
import { type Column, DataTable } from '@portal/shared/screens';
import { actionsAtEnd, RowAction } from '../../../components/RowAction';

export interface OrganizationsTableProps {
  organizations: readonly Organization[];
  onView?: (organization: Organization) => void;
  onConfigure?: (organization: Organization) => void;
  onDelete?: (organization: Organization) => void;
}

export const trialText = (endsAt: string | null): string => (endsAt ? formatDate(endsAt) : 'No trial');

export function OrganizationsTable({ organizations, onView, onConfigure, onDelete }: OrganizationsTableProps) {
  const columns: Column<Organization>[] = [
    {
      header: 'Name',
      cell: (organization) =>
        onView ? (
          <Button variant="plain" colorPalette="brand" px="0" height="auto" onClick={() => onView(organization)} aria-label={`View ${organization.name}`}>
            {organization.name}
          </Button>
        ) : (
          organization.name
        ),
    },
    { header: 'Edition', cell: (organization) => organization.edition },
    { header: 'Trial ends', cell: (organization) => trialText(organization.trial_ends_at) },
    ...LIMITS.map(
      (limit): Column<Organization> => ({
        header: limit.label,
        align: 'end',
        cell: (organization) => usageText(organization.usage[limit.usage], organization.module_configuration[limit.limit]),
      }),
    ),
  ];
  if (onConfigure || onDelete) {
    columns.push(
      actionsAtEnd((organization: Organization) => (
        <>
          {onConfigure && (
            <RowAction label={`Module configuration of ${organization.name}`} onClick={() => onConfigure(organization)}>
              Module configuration
            </RowAction>
          )}
          {onDelete && (
            <RowAction label={`Delete ${organization.name}`} danger onClick={() => onDelete(organization)}>
              Delete
            </RowAction>
          )}
        </>
      )),
    );
  }
  return <DataTable caption="Organizations" captionHidden columns={columns} rows={organizations} rowKey={(organization) => organization.id} />;
}
