// The processes a user works in with the roles held in each, as a list; 'None' when there is none.
import { Stack, Text } from '@chakra-ui/react';
import type { ProcessMembership } from '../api/getUsers';

export interface MembershipListProps {
  memberships: readonly ProcessMembership[];
  /** How a process is named; its code name unless given. */
  processName?: (code: string) => string;
}

export function MembershipList({ memberships, processName = (code) => code }: MembershipListProps) {
  if (memberships.length === 0) return <Text color="fg.muted">None</Text>;
  return (
    <Stack as="ul" gap={0.5} listStyleType="none">
      {memberships.map((membership) => (
        <li key={membership.process}>
          {processName(membership.process)}: {membership.roles.join(', ')}
        </li>
      ))}
    </Stack>
  );
}
