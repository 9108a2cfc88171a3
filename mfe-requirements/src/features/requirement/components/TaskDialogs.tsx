// The decisions on a review: accept and delegate to an implementer, or reject with a comment (the
// comment is required: the author must know what to resolve). Also a failure report's comment.
import { Field, Textarea } from '@chakra-ui/react';
import { FormDialog, REQUIREMENT_OWNER_PERMISSION } from '@portal/shared';
import { useState } from 'react';
import { Select, TextField } from '@portal/shared/screens';
import type { AcceptValues } from '../api/decideTask';
import { useAssignees } from '../api/getAssignees';

/** What every decision dialog of a task takes: its title, the running decision and its failure, and closing. */
interface DecisionDialogProps {
  title: string;
  busy: boolean;
  error?: unknown;
  onClose: () => void;
}

export function AcceptDialog({ graph, title, busy, error, onClose, onAccept }: DecisionDialogProps & { graph: string; onAccept: (values: AcceptValues) => void }) {
  // Implementers: who may own a requirement (update its progress) in the process; the one chosen becomes its owner.
  const implementers = useAssignees(graph, REQUIREMENT_OWNER_PERMISSION, true);
  const [delegate, setDelegate] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [comment, setComment] = useState('');
  return (
    <FormDialog
      open
      title={title}
      submitText="Accept and delegate"
      onClose={onClose}
      busy={busy}
      error={error ?? implementers.error ?? undefined}
      submitDisabled={delegate === ''}
      onSubmit={() =>
        onAccept({ delegate_to_id: delegate, ...(dueDate ? { due_date: dueDate } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) })
      }
    >
      <Field.Root required>
        <Field.Label>
          Implementer
          <Field.RequiredIndicator />
        </Field.Label>
        <Select aria-label="Implementer" value={delegate} onChange={(event) => setDelegate(event.target.value)} disabled={implementers.isPending} w="full">
          <option value="">{implementers.isPending ? 'Loading implementers…' : 'Choose an implementer'}</option>
          {(implementers.data ?? []).map((user) => (
            <option key={user.id} value={user.id}>
              {user.name} ({user.login_id})
            </option>
          ))}
        </Select>
        <Field.HelperText>The implementer becomes the requirement's owner.</Field.HelperText>
      </Field.Root>
      <TextField label="Implementation due date" type="date" value={dueDate} onChange={setDueDate} />
      <TextField label="Comment" multiline rows={3} value={comment} onChange={setComment} />
    </FormDialog>
  );
}

/** A dialog asking for a required comment (reject a review, report a failure). */
export function CommentDialog({
  title,
  label,
  submitText,
  busy,
  error,
  onClose,
  onSubmit,
}: DecisionDialogProps & { label: string; submitText: string; onSubmit: (comment: string) => void }) {
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = comment.trim() === '';
  return (
    <FormDialog
      open
      title={title}
      submitText={submitText}
      onClose={onClose}
      busy={busy}
      error={error}
      submitDisabled={missing}
      onSubmit={() => onSubmit(comment.trim())}
    >
      <Field.Root required invalid={touched && missing}>
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea rows={4} value={comment} onBlur={() => setTouched(true)} onChange={(event) => setComment(event.target.value)} />
        <Field.ErrorText>Required.</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
