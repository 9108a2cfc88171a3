// The Owner of the Add and Modify wizards (issue 26 item 2): one of the people who may own the
// process's requirements (GET requirements/owners: members who may update their progress), or
// nobody. The owner a requirement has stays offered even when they are no longer listed.
import { Text } from '@chakra-ui/react';
import { problemText, type UserRef } from '@portal/shared';
import { Select, type WizardField, type WizardFieldRenderProps } from '@portal/shared/screens';
import { useOwners } from '../../requirement';
import type { RequirementFormValues } from './requirementForm';

export interface OwnerFieldProps extends WizardFieldRenderProps<RequirementFormValues, 'owner_id'> {
  graph: string;
  /** The requirement's owner (Modify). */
  current: UserRef | null;
}

export const personLabel = (user: UserRef) => `${user.name} (${user.login_id})`;

export function OwnerField({ graph, current, id, value, setValue, onFocus, onBlur, disabled, invalid }: OwnerFieldProps) {
  const owners = useOwners(graph);
  const people = owners.data ?? [];
  const options = current && !people.some((user) => user.id === current.id) ? [current, ...people] : people;
  return (
    <>
      <Select
        id={id}
        value={value}
        disabled={disabled}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={(event) => setValue(event.target.value)}
        w="full"
        h={10}
        aria-busy={owners.isPending}
        aria-invalid={invalid || undefined}
      >
        <option value="">{owners.isPending ? 'Loading people…' : 'Nobody'}</option>
        {options.map((user) => (
          <option key={user.id} value={user.id}>
            {personLabel(user)}
          </option>
        ))}
      </Select>
      {owners.isError && (
        <Text fontSize="sm" color="fg.error">
          The people of the process cannot be listed: {problemText(owners.error)}
        </Text>
      )}
    </>
  );
}

/** The wizard's Owner field; `server` answers the API's message for the value it was given for. */
export function ownerField(graph: string, current: UserRef | null, server: (value: string) => string | undefined): WizardField<RequirementFormValues> {
  return {
    name: 'owner_id',
    label: 'Owner',
    helperText: 'Who implements it and answers for it: a member of the process who may update its progress. Accepting a review makes the delegate the owner.',
    validate: server,
    render: (props) => <OwnerField {...props} graph={graph} current={current} />,
  };
}
