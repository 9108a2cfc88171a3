// The actions of a table row: small outlined buttons named for the row they act on (screen readers
// hear 'Delete Acme Corp', not a column of 'Delete'), red when they remove something.
import { Button, HStack } from '@chakra-ui/react';
import type { Column } from '@portal/shared/screens';
import type { ReactNode } from 'react';

export interface RowActionProps {
  /** The accessible name, naming the row (e.g. `Edit ${role.name}`). */
  label: string;
  children: ReactNode;
  danger?: boolean;
  onClick: () => void;
}

export function RowAction({ label, children, danger = false, onClick }: RowActionProps) {
  return (
    <Button size="xs" variant="outline" {...(danger ? { colorPalette: 'red' } : {})} aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The Actions column of a table, its buttons aligned to the end. */
export function actionsAtEnd<T>(actions: (row: T) => ReactNode): Column<T> {
  return {
    header: 'Actions',
    align: 'end',
    cell: (row) => (
      <HStack justify="flex-end" gap="2">
        {actions(row)}
      </HStack>
    ),
  };
}
