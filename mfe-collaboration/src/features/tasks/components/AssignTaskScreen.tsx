// /assign-task?id=…: assign or reassign a task to a person or a workgroup (issue 23 item 3). The
// people offered are those holding the permission the task's kind needs (GET users/assignees);
// the API notifies the new assignee. Success returns to the task.
import { Box, Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, QueryView, ScreenFrame, isApiError, showSnackbar, type KnownPermission, type ScreenComponent } from '@portal/shared';
import { type InboxTask } from '@portal/shared/collaboration';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentGraph } from '../../../lib/graph';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { useAssignTask, type Assignment } from '../api/assignTask';
import { useTask } from '../api/getTask';
import { TASKS_PATH, viewTaskPath } from '../paths';
import { AssigneeSuggestions } from '../../org-chart';
import { AssigneeField, type AssigneeValue } from './AssigneeField';
import { holderText, typeLabel } from './labels';

/** Who may be given a task of each kind: the permission its work needs. */
const NEEDED: Record<string, KnownPermission> = {
  REVIEW: P.REVIEW_REQUIREMENT,
  DELEGATE: P.UPDATE_REQUIREMENT_PROGRESS,
  HAS_GAP: P.UPDATE_GAP_ANALYSIS,
  RESOLVE_REJECTED: P.UPDATE_REQUIREMENT,
  RESOLVE_RISK: P.HANDLE_RISK_ASSESSMENT_TASK,
  RESOLVE_CONFLICT: P.HANDLE_GAP_ANALYSIS_TASK,
};

export const neededPermission = (type: string): KnownPermission => NEEDED[type] ?? P.VIEW_TASK;

export const AssignTaskScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const task = useTask(graph, id);
  const missing = id === '' || (isApiError(task.error) && task.error.status === 404);
  return (
    <ScreenFrame route={route} title={task.data ? `Assign “${task.data.title}”` : route.title}>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to assign its tasks." />
      ) : missing ? (
        <Empty title="Task not found" description="It does not exist in this process, or it was removed." action={<BackToTasks />} />
      ) : (
        <QueryView query={task} loading="Loading task…">
          {(found) => <AssignForm graph={graph} task={found} />}
        </QueryView>
      )}
    </ScreenFrame>
  );
};

const BackToTasks = () => (
  <ChakraLink asChild colorPalette="blue">
    <Link to={TASKS_PATH}>Back to the tasks</Link>
  </ChakraLink>
);

function AssignForm({ graph, task }: { graph: string; task: InboxTask }) {
  const navigate = useNavigate();
  const assign = useAssignTask(graph, task.id);
  // A person picked from the organization chart's suggestions (who may not be in the list below).
  const [picked, setPicked] = useState<{ id: string; label: string } | undefined>();
  const [value, setValue] = useState<AssigneeValue>(() =>
    task.assigned_to_group && !task.assigned_to_user && !task.delegated_to ? { mode: 'group', id: task.assigned_to_group.id } : { mode: 'user', id: '' },
  );
  if (task.status !== 'OPEN') {
    return <Empty title="This task is closed" description="A completed or failed task is not assigned again." action={<BackToTask id={task.id} />} />;
  }
  const ready = value.mode !== 'none' && value.id !== '';
  return (
    <Box
      as="form"
      maxW="32rem"
      aria-label="Assign the task"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        const assignment: Assignment = value.mode === 'user' ? { user_id: value.id } : { user_id: '', workgroup_id: value.id };
        assign.mutate(assignment, {
          onSuccess: (saved) => {
            showSnackbar(`“${saved.title}” assigned to ${holderText(saved)}.`, 'success');
            navigate(viewTaskPath(task.id));
          },
        });
      }}
    >
      <Stack gap={4}>
        <Text fontSize="sm" color="fg.muted">
          {typeLabel(task.type)} task{task.requirement ? ` of ${task.requirement.code}` : ''}, now: {holderText(task)}.
          {task.type === 'DELEGATE' ? ' A person becomes its delegate.' : ''}
        </Text>
        <AssigneeField
          graph={graph}
          permission={neededPermission(task.type)}
          value={value}
          onChange={(next) => {
            setPicked(undefined);
            setValue(next);
          }}
        />
        {/* The task's owner is who created it: the chart offers their manager, and a department's people. */}
        <AssigneeSuggestions
          graph={graph}
          ownerId={task.created_by?.id}
          onPick={(user) => {
            setPicked({ id: user.id, label: `${user.name} (${user.login_id})` });
            setValue({ mode: 'user', id: user.id });
          }}
        />
        {picked && value.mode === 'user' && value.id === picked.id && (
          <Text fontSize="sm" role="status">
            Chosen from the organization chart: {picked.label}
          </Text>
        )}
        {assign.error !== null && <ErrorAlert error={assign.error} />}
        <HStack gap={2}>
          <Button type="submit" colorPalette="brand" disabled={!ready} loading={assign.isPending} loadingText="Assign">
            Assign
          </Button>
          <BackToTask id={task.id} text="Cancel" />
        </HStack>
      </Stack>
    </Box>
  );
}

const BackToTask = ({ id, text = 'Back to the task' }: { id: string; text?: string }) => (
  <Button asChild variant="outline" size="md">
    <Link to={viewTaskPath(id)}>{text}</Link>
  </Button>
);
