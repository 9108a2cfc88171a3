// What the org chart offers when a task is assigned (issue 23 item 11): the owner's manager and the
// people of a department, each a button that picks that portal user. For the assignment screen
// (src/app): shown only with `use=>OrgChart`; without a chart, or when it knows nobody to offer,
// it says so and the assignee list stays the way to choose.
import { Button, Flex, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { usePermitted } from '@portal/shared';
import { type OrgChartUserRef } from '@portal/shared/collaboration';
import { PERMISSIONS } from '@portal/shared/permissions';
import { Select } from '@portal/shared/screens';
import { useId, useState } from 'react';
import { useOrgChartSuggestions } from '../api/getOrgChartSuggestions';

export interface AssigneeSuggestionsProps {
  graph: string;
  /** The task owner's user id: their manager is offered. */
  ownerId?: string;
  onPick: (user: OrgChartUserRef) => void;
}

export function AssigneeSuggestions({ graph, ownerId, onPick }: AssigneeSuggestionsProps) {
  const allowed = usePermitted(PERMISSIONS.requirements.USE_ORG_CHART);
  const [department, setDepartment] = useState('');
  const selectId = useId();
  const query = useOrgChartSuggestions(graph, { owner: ownerId, department: department || undefined }, allowed);
  if (!allowed || query.isError) return null;
  const data = query.data;
  return (
    <Stack as="section" aria-label="Suggested by the organization chart" gap={2} borderWidth="1px" borderRadius="md" p={3}>
      <Text fontWeight="semibold" fontSize="sm">
        From the organization chart
      </Text>
      {ownerId !== undefined && (
        <HStack gap={2} fontSize="sm">
          <Text>The owner&apos;s manager:</Text>
          {data?.owner_manager ? (
            <Button size="xs" variant="outline" onClick={() => onPick(data.owner_manager!)}>
              {data.owner_manager.name} ({data.owner_manager.login_id})
            </Button>
          ) : (
            <Text color="fg.muted">{data ? 'not in the chart, or without a portal user' : '…'}</Text>
          )}
        </HStack>
      )}
      {data && data.departments.length > 0 && (
        <Stack gap={1} fontSize="sm">
          <HStack gap={2}>
            <chakra.label htmlFor={selectId}>Department</chakra.label>
            <Select id={selectId} size="sm" value={department} onChange={(event) => setDepartment(event.target.value)}>
              <option value="">— choose —</option>
              {data.departments.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </HStack>
          {department !== '' && (
            <Flex gap={1} wrap="wrap" role="group" aria-label={`Members of ${department}`}>
              {data.department_members.length === 0 && <Text color="fg.muted">Nobody of {department} is a portal user.</Text>}
              {data.department_members.map((member) => (
                <Button key={member.id} size="xs" variant="ghost" onClick={() => onPick(member)}>
                  {member.name} ({member.login_id})
                </Button>
              ))}
            </Flex>
          )}
        </Stack>
      )}
    </Stack>
  );
}
