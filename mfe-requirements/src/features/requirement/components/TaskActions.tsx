// What the signed-in user may do on one of their tasks. REVIEW: accept and delegate, or reject
// with a comment. DELEGATE (the implementer): update progress (100 % completes), or report a
// failure. RESOLVE_REJECTED (the author): read the reviewer's comment, modify, resubmit for review.
// Shown in the review screen's task panel and, for the user's open tasks on a requirement, in the
// requirement's detail (the review route is the reviewers'; authors and implementers act there).
import { Alert, Box, Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { showSnackbar, type RequirementTask } from '@portal/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { TASK_TYPE_LABELS } from '../../../components/labels';
import { useAcceptTask, useFailTask, useRejectTask, useUpdateTaskProgress } from '../api/decideTask';
import { useMyTasks } from '../api/getTasks';
import { modifyPath, viewTaskPath } from '../paths';
import { ProgressDialog } from './ProgressDialog';
import { SubmitForReviewDialog } from './SubmitForReviewDialog';
import { AcceptDialog, CommentDialog } from './TaskDialogs';
import { formatDate } from '../../../lib/dates';

type Dialog = 'accept' | 'reject' | 'progress' | 'fail' | 'resubmit' | null;

export function TaskActions({ graph, task, onDone }: { graph: string; task: RequirementTask; onDone: () => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const accept = useAcceptTask(graph, task);
  const reject = useRejectTask(graph, task);
  const progress = useUpdateTaskProgress(graph, task);
  const fail = useFailTask(graph, task);
  const code = task.requirement?.code ?? 'the requirement';
  const open = task.status === 'OPEN';

  const close = () => {
    for (const mutation of [accept, reject, progress, fail]) mutation.reset();
    setDialog(null);
  };
  const finish = (message: string, done = true) => {
    showSnackbar(message, 'success');
    setDialog(null);
    if (done) onDone();
  };

  return (
    <Stack gap={3}>
      {task.comment && (
        <Alert.Root status={task.type === 'RESOLVE_REJECTED' ? 'warning' : 'info'}>
          <Alert.Indicator />
          <Alert.Title>
            {task.type === 'RESOLVE_REJECTED' ? 'Rejected: ' : 'Comment: '}
            {task.comment}
          </Alert.Title>
        </Alert.Root>
      )}

      {open && (
        <HStack gap={2} flexWrap="wrap" role="toolbar" aria-label="Task actions">
          {task.type === 'REVIEW' && (
            <>
              <Button size="sm" colorPalette="green" onClick={() => setDialog('accept')}>
                Accept…
              </Button>
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => setDialog('reject')}>
                Reject…
              </Button>
            </>
          )}
          {task.type === 'DELEGATE' && (
            <>
              <Button size="sm" colorPalette="brand" onClick={() => setDialog('progress')}>
                Update progress
              </Button>
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('fail')}>
                Report failure…
              </Button>
            </>
          )}
          {task.type === 'RESOLVE_REJECTED' && task.requirement && (
            <>
              <Button asChild size="sm" variant="outline">
                <Link to={modifyPath(task.requirement.id)}>Modify</Link>
              </Button>
              <Button size="sm" colorPalette="brand" onClick={() => setDialog('resubmit')}>
                Resubmit for review
              </Button>
            </>
          )}
        </HStack>
      )}

      {dialog === 'accept' && (
        <AcceptDialog
          graph={graph}
          title={`Accept ${code}`}
          busy={accept.isPending}
          error={accept.error ?? undefined}
          onClose={close}
          onAccept={(values) => accept.mutate(values, { onSuccess: () => finish(`${code} accepted and delegated.`) })}
        />
      )}
      {dialog === 'reject' && (
        <CommentDialog
          title={`Reject ${code}`}
          label="Why is it rejected?"
          submitText="Reject"
          busy={reject.isPending}
          error={reject.error ?? undefined}
          onClose={close}
          onSubmit={(comment) => reject.mutate(comment, { onSuccess: () => finish(`${code} rejected.`) })}
        />
      )}
      {dialog === 'fail' && (
        <CommentDialog
          title={`Report failure of ${code}`}
          label="What failed?"
          submitText="Report failure"
          busy={fail.isPending}
          error={fail.error ?? undefined}
          onClose={close}
          onSubmit={(comment) => fail.mutate(comment, { onSuccess: () => finish(`Failure of ${code} reported.`) })}
        />
      )}
      {dialog === 'progress' && (
        <ProgressDialog
          open
          title={`Update progress of ${code}`}
          initial={task.progress}
          busy={progress.isPending}
          error={progress.error ?? undefined}
          onClose={close}
          onSave={(value) => progress.mutate(value, { onSuccess: () => finish(value >= 100 ? `${code} completed.` : `Progress of ${code} saved.`, value >= 100) })}
        />
      )}
      {task.requirement && (
        <SubmitForReviewDialog graph={graph} requirement={task.requirement} open={dialog === 'resubmit'} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

/** The signed-in user's open tasks on one requirement, each with its actions. */
export function MyTasksOf({ graph, requirementId }: { graph: string; requirementId: string }) {
  const tasks = useMyTasks(graph, { requirement: requirementId, status: 'OPEN' });
  const list = tasks.data ?? [];
  if (list.length === 0) return null;
  return (
    <Box as="section" aria-label="Your tasks" borderWidth="1px" borderRadius="md" p={3} borderColor="blue.300">
      <Heading as="h3" size="sm" mb={2}>
        Your tasks
      </Heading>
      <Stack gap={4}>
        {list.map((task) => (
          <Box key={task.id}>
            <Text fontSize="sm" fontWeight="semibold" mb={2}>
              {TASK_TYPE_LABELS[task.type]} · due {formatDate(task.due_date)}
              {task.type === 'DELEGATE' ? ` · ${task.progress} %` : ''} ·{' '}
              <ChakraLink asChild colorPalette="blue" fontWeight="normal">
                <Link to={viewTaskPath(task.id)}>View task</Link>
              </ChakraLink>
            </Text>
            <TaskActions graph={graph} task={task} onDone={() => undefined} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
