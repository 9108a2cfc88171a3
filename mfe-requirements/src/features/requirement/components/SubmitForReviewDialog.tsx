// Submit for review (issue 6): the author picks the reviewer (a user holding the review permission
// in the process) or a workgroup, optionally a due date and a comment. The API opens the REVIEW
// task and moves the requirement to IN_REVIEW (from REJECTED it also resolves the rejection).
import { Field, Stack, Text } from '@chakra-ui/react';
import { FormDialog, showSnackbar, usePermitted, type RequirementRef } from '@portal/shared';
import { useState } from 'react';
import { Select, TextField } from '@portal/shared/screens';
import { useAssignees } from '../api/getAssignees';
import { useWorkgroups } from '../api/getWorkgroups';
import { useSubmitRequirement, type SubmitBody } from '../api/submitRequirement';
import { P } from '../../../lib/permissions';

export interface SubmitForReviewDialogProps {
  graph: string;
  requirement: RequirementRef;
  open: boolean;
  onClose: () => void;
}

export function SubmitForReviewDialog({ graph, requirement, open, onClose }: SubmitForReviewDialogProps) {
  const mayListAssignees = usePermitted({ any: [P.ASSIGN_TASK, P.LIST_USER] });
  const mayListWorkgroups = usePermitted(P.LIST_WORKGROUP);
  const reviewers = useAssignees(graph, P.REVIEW_REQUIREMENT, open && mayListAssignees);
  const workgroups = useWorkgroups(graph, open && mayListWorkgroups);
  const [reviewer, setReviewer] = useState('');
  const [workgroup, setWorkgroup] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [comment, setComment] = useState('');
  const submit = useSubmitRequirement(graph, requirement.id);

  const close = () => {
    submit.reset();
    setReviewer('');
    setWorkgroup('');
    setDueDate('');
    setComment('');
    onClose();
  };
  const send = () => {
    const body: SubmitBody = {
      ...(reviewer ? { reviewer_id: reviewer } : {}),
      ...(workgroup ? { workgroup_id: workgroup } : {}),
      ...(dueDate ? { due_date: dueDate } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    };
    submit.mutate(body, {
      onSuccess: () => {
        showSnackbar(`${requirement.code} submitted for review.`, 'success');
        close();
      },
    });
  };

  const reviewerOptions = reviewers.data ?? [];
  const workgroupOptions = workgroups.data ?? [];

  return (
    <FormDialog
      open={open}
      title={`Submit ${requirement.code} for review`}
      submitText="Submit"
      onClose={close}
      onSubmit={send}
      busy={submit.isPending}
      error={submit.error ?? undefined}
    >
      <Stack gap={4}>
        {mayListAssignees && (
          <Field.Root>
            <Field.Label>Reviewer</Field.Label>
            <Select aria-label="Reviewer" value={reviewer} onChange={(event) => setReviewer(event.target.value)} disabled={reviewers.isPending}>
              <option value="">{reviewers.isPending ? 'Loading reviewers…' : 'Any reviewer'}</option>
              {reviewerOptions.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.name} ({user.login_id})
                </option>
              ))}
            </Select>
          </Field.Root>
        )}
        {mayListWorkgroups && (
          <Field.Root>
            <Field.Label>Workgroup</Field.Label>
            <Select aria-label="Workgroup" value={workgroup} onChange={(event) => setWorkgroup(event.target.value)}>
              <option value="">No workgroup</option>
              {workgroupOptions.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </Select>
          </Field.Root>
        )}
        {!mayListAssignees && !mayListWorkgroups && <Text color="fg.muted">The review task goes to the reviewers of the process.</Text>}
        <TextField label="Review due date" type="date" value={dueDate} onChange={setDueDate} />
        <TextField label="Comment" multiline rows={3} value={comment} onChange={setComment} />
      </Stack>
    </FormDialog>
  );
}
