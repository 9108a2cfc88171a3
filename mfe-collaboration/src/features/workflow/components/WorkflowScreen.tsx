// /workflow (issue 23 item 5): the requirement workflow with live counts per state, and the
// process's tasks as a board by state. Route guard: list=>Task; the counts need list=>Requirement.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { useCurrentGraph } from '../../../lib/graph';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { useStatusCounts } from '../api/getStatusCounts';
import { TaskBoard } from './TaskBoard';
import { WorkflowDiagram } from './WorkflowDiagram';

export const WorkflowScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const mayCount = usePermitted(P.LIST_REQUIREMENT);
  const counts = useStatusCounts(graph, mayCount);
  if (graph === '') {
    return (
      <ScreenFrame route={route}>
        <Text>Choose a process to see its workflow.</Text>
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame route={route}>
      <Stack gap={8}>
        <Stack as="section" aria-labelledby="workflow-states">
          <Heading as="h2" size="md" id="workflow-states">
            Requirements by state
          </Heading>
          {!mayCount && <Text color="fg.muted">Your role does not list requirements: the states are shown without their counts.</Text>}
          {counts.isError && <Text color="fg.error">The counts could not be read.</Text>}
          <WorkflowDiagram counts={counts.data} />
        </Stack>
        <Stack as="section" aria-labelledby="workflow-board">
          <Heading as="h2" size="md" id="workflow-board">
            Tasks by state
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Drag a card, or use its Move to menu, to complete or fail a task you may act on.
          </Text>
          <TaskBoard graph={graph} />
        </Stack>
      </Stack>
    </ScreenFrame>
  );
};
