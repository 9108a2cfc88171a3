// /view-task?id=…: one task (issue 23 item 2) — what it is about with links to its pages, its
// state and holders, the actions task authorization allows, its attachments, its history and its
// comments.
import { Box, Heading, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Empty, QueryView, ScreenFrame, isApiError, type ScreenComponent } from '@portal/shared';
import { Link, useSearchParams } from 'react-router';
import { useCurrentGraph } from '../../../lib/graph';
import { useTask } from '../api/getTask';
import { TASKS_PATH } from '../paths';
import { TaskActions } from './TaskActions';
import { TaskAttachments } from './TaskAttachments';
import { TaskComments } from './TaskComments';
import { TaskDetails } from './TaskDetails';
import { TaskHistory } from './TaskHistory';

export const ViewTaskScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const [params] = useSearchParams();
  // Every link names the task with ?id=; notifications and mails sent before named it ?task=.
  const id = params.get('id') ?? params.get('task') ?? '';
  const task = useTask(graph, id);
  const missing = id === '' || (isApiError(task.error) && task.error.status === 404);
  return (
    <ScreenFrame route={route} title={task.data ? task.data.title : route.title}>
      <Box mb={4}>
        <ChakraLink asChild colorPalette="blue" fontSize="sm">
          <Link to={TASKS_PATH}>← Tasks</Link>
        </ChakraLink>
      </Box>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to see its tasks." />
      ) : missing ? (
        <Empty title="Task not found" description="It does not exist in this process, or it was removed." />
      ) : (
        <QueryView query={task} loading="Loading task…">
          {(found) => (
            <Stack gap={6}>
              <TaskActions graph={graph} task={found} />
              <TaskDetails task={found} />
              <Box as="section" aria-labelledby="task-attachments">
                <Heading as="h2" size="md" mb={2} id="task-attachments">
                  Attachments
                </Heading>
                <TaskAttachments graph={graph} task={found} />
              </Box>
              <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={6}>
                <Box as="section" aria-labelledby="task-history">
                  <Heading as="h2" size="md" mb={2} id="task-history">
                    History
                  </Heading>
                  <TaskHistory graph={graph} id={found.id} />
                </Box>
                <Box as="section" aria-labelledby="task-comments">
                  <Heading as="h2" size="md" mb={2} id="task-comments">
                    Comments
                  </Heading>
                  <TaskComments graph={graph} id={found.id} />
                </Box>
              </Box>
            </Stack>
          )}
        </QueryView>
      )}
    </ScreenFrame>
  );
};
