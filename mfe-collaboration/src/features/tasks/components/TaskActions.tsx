// What the signed-in user may do on a task: only the actions spec 6's task authorization allows
// (the contract's authorizeTask, the API's rule), with a line saying why — or why not. REVIEW:
// accept and delegate, or reject with a comment. Other kinds: report progress (100 % completes)
// or a failure; a general task can also be completed. Assigning needs assign=>Task; a general
// task is edited by its creator or an assign=>Task holder.
import { Alert, Button, HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { ConfirmDialog, ErrorAlert, showSnackbar, usePermitted } from '@portal/shared';
import { type InboxTask } from '@portal/shared/collaboration';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoginId } from '../../../lib/graph';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { useAcceptTask, useCompleteTask, useFailTask, useRejectTask, useUpdateTaskProgress } from '../api/decideTask';
import { useTaskAuthorization, type TaskAuthorizationState } from '../hooks/useTaskAuthorization';
import { assignTaskPath, modifyRequirementPath } from '../paths';
import { GeneralTaskDialog } from './GeneralTaskDialog';
import { isGeneralTask } from './labels';
import { AcceptDialog, CommentDialog, ProgressDialog } from './TaskDialogs';

type Dialog = 'accept' | 'reject' | 'progress' | 'fail' | 'complete' | 'edit' | null;

/** Why the user may, or may not, act on the task. */
export function authorizationText(task: InboxTask, verdict: TaskAuthorizationState): string {
  switch (verdict.reason) {
    case 'assignee':
      return 'You may act on this task: it is assigned to you.';
    case 'delegate':
      return 'You may act on this task: it is delegated to you.';
    case 'review-requirement':
      return task.assigned_to_group
        ? `You may act on this task: it is for your workgroup ${task.assigned_to_group.name}, and you may handle reviews.`
        : 'You may act on this task: it is unassigned, and you may handle reviews.';
    case 'update-gap-analysis':
      return task.assigned_to_group
        ? `You may act on this task: it is for your workgroup ${task.assigned_to_group.name}, and you may update gap analyses.`
        : 'You may act on this task: it is unassigned, and you may update gap analyses.';
    case 'pending':
      return verdict.groupsError ? 'Your workgroups could not be read: whether you may act on this task is not known.' : 'Checking whether you may act on this task…';
    default: {
      const holder = task.delegated_to ?? task.assigned_to_user;
      if (holder) return `Only ${holder.name} may act on this task.`;
      if (task.assigned_to_group) return `This task is for the workgroup ${task.assigned_to_group.name}, and you may not handle it.`;
      return task.type === 'HAS_GAP' ? 'Acting on an unassigned gap task needs the gap analysis update permission.' : 'Acting on an unassigned task needs the review permission.';
    }
  }
}

export function TaskActions({ graph, task }: { graph: string; task: InboxTask }) {
  const verdict = useTaskAuthorization(task);
  const mayAssign = usePermitted(P.ASSIGN_TASK);
  const login = useLoginId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const accept = useAcceptTask(graph, task.id);
  const reject = useRejectTask(graph, task.id);
  const progress = useUpdateTaskProgress(graph, task.id);
  const fail = useFailTask(graph, task.id);
  const complete = useCompleteTask(graph, task.id);
  const open = task.status === 'OPEN';
  const general = isGeneralTask(task);
  const mayEdit = general && open && (mayAssign || (login !== undefined && task.created_by?.login_id === login));
  const name = `“${task.title}”`;
  const mayDecide = open && verdict.allowed;
  const mayReassign = open && mayAssign;

  const close = () => {
    for (const mutation of [accept, reject, progress, fail, complete]) mutation.reset();
    setDialog(null);
  };
  const finish = (message: string) => {
    showSnackbar(message, 'success');
    setDialog(null);
  };

  return (
    <Stack gap={3}>
      {open && (
        <Alert.Root status={verdict.allowed ? 'info' : verdict.reason === 'pending' ? 'neutral' : 'warning'} role="status">
          <Alert.Indicator />
          <Alert.Title>{authorizationText(task, verdict)}</Alert.Title>
        </Alert.Root>
      )}
      {(mayDecide || mayReassign || mayEdit) && (
        <HStack gap={2} flexWrap="wrap" role="toolbar" aria-label="Task actions">
          {mayDecide && task.type === 'REVIEW' && (
            <>
              <Button size="sm" colorPalette="green" onClick={() => setDialog('accept')}>
                Accept…
              </Button>
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => setDialog('reject')}>
                Reject…
              </Button>
            </>
          )}
          {mayDecide && task.type !== 'REVIEW' && (
            <>
              <Button size="sm" colorPalette="brand" onClick={() => setDialog('progress')}>
                Update progress
              </Button>
              {general && (
                <Button size="sm" colorPalette="green" onClick={() => setDialog('complete')}>
                  Complete…
                </Button>
              )}
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => setDialog('fail')}>
                Report failure…
              </Button>
            </>
          )}
          {mayDecide && task.type === 'RESOLVE_REJECTED' && task.requirement && (
            <Button asChild size="sm" variant="outline">
              <Link to={modifyRequirementPath(task.requirement.id)}>Modify the requirement</Link>
            </Button>
          )}
          {mayReassign && (
            <ChakraLink asChild fontSize="sm" colorPalette="blue" px={2}>
              <Link to={assignTaskPath(task.id)}>{task.assigned_to_user || task.delegated_to || task.assigned_to_group ? 'Reassign…' : 'Assign…'}</Link>
            </ChakraLink>
          )}
          {mayEdit && (
            <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
              Edit
            </Button>
          )}
        </HStack>
      )}

      {dialog === 'accept' && (
        <AcceptDialog
          graph={graph}
          title={`Accept ${name}`}
          busy={accept.isPending}
          error={accept.error ?? undefined}
          onClose={close}
          onAccept={(values) => accept.mutate(values, { onSuccess: () => finish('Review accepted and delegated.') })}
        />
      )}
      {dialog === 'reject' && (
        <CommentDialog
          title={`Reject ${name}`}
          label="Why is it rejected?"
          submitText="Reject"
          busy={reject.isPending}
          error={reject.error ?? undefined}
          onClose={close}
          onSubmit={(comment) => reject.mutate(comment, { onSuccess: () => finish('Review rejected.') })}
        />
      )}
      {dialog === 'fail' && (
        <CommentDialog
          title={`Report failure of ${name}`}
          label="What failed?"
          submitText="Report failure"
          busy={fail.isPending}
          error={fail.error ?? undefined}
          onClose={close}
          onSubmit={(comment) => fail.mutate(comment, { onSuccess: () => finish('Failure reported.') })}
        />
      )}
      {dialog === 'progress' && (
        <ProgressDialog
          title={`Update progress of ${name}`}
          initial={task.progress}
          busy={progress.isPending}
          error={progress.error ?? undefined}
          onClose={close}
          onSave={(value) => progress.mutate(value, { onSuccess: () => finish(value >= 100 ? 'Task completed.' : 'Progress saved.') })}
        />
      )}
      <ConfirmDialog
        open={dialog === 'complete'}
        title={`Complete ${name}?`}
        message={task.recurrence ? 'The task is closed and its next occurrence opens.' : 'The task is closed; it cannot be reopened.'}
        yesText="Complete"
        noText="Cancel"
        busy={complete.isPending}
        onNo={close}
        onYes={() => complete.mutate(undefined, { onSuccess: () => finish('Task completed.'), onError: () => setDialog(null) })}
      />
      {complete.error !== null && dialog !== 'complete' && <ErrorAlert error={complete.error} />}
      {dialog === 'edit' && <GeneralTaskDialog graph={graph} task={task} onClose={close} />}
    </Stack>
  );
}
