// Create or edit a general task (the contract's GeneralTaskInput): title, description, due date,
// a person or a workgroup, a link to a requirement, application or finding, and a recurrence
// (presets or an RFC 5545 rule). The API's refusal (a bad rule, a link that does not exist) shows
// in the dialog.
import { Box, Button, chakra } from '@chakra-ui/react';
import { showSnackbar, FormDialog } from '@portal/shared';
import { type GeneralTaskInput, type InboxTask } from '@portal/shared/collaboration';
import { SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { DESCRIPTION_MAX, TITLE_MAX, useSaveGeneralTask } from '../api/saveGeneralTask';
import { AssigneeField, type AssigneeValue } from './AssigneeField';
import { LinkField, type LinkValue } from './LinkField';
import { choiceOf, isRule, RECURRENCE_PRESETS, RRULE_MESSAGE, ruleOf, type RecurrenceChoice } from './recurrence';

export interface GeneralTaskDialogProps {
  graph: string;
  /** The task edited; absent: a new task. */
  task?: InboxTask;
  onClose: () => void;
  onSaved?: (task: InboxTask) => void;
}

function initialAssignee(task?: InboxTask): AssigneeValue {
  if (task?.assigned_to_user) return { mode: 'user', id: task.assigned_to_user.id };
  if (task?.assigned_to_group) return { mode: 'group', id: task.assigned_to_group.id };
  return { mode: 'none', id: '' };
}

export function GeneralTaskDialog({ graph, task, onClose, onSaved }: GeneralTaskDialogProps) {
  const save = useSaveGeneralTask(graph, task?.id);
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [dueDate, setDueDate] = useState(task?.due_date ?? '');
  const [assignee, setAssignee] = useState<AssigneeValue>(() => initialAssignee(task));
  const [link, setLink] = useState<LinkValue>(() => (task?.link ? { kind: task.link.kind, choice: { id: task.link.id, label: task.link.label } } : { kind: '', choice: null }));
  const [recurrence, setRecurrence] = useState<RecurrenceChoice>(() => choiceOf(task?.recurrence));
  const [customRule, setCustomRule] = useState(() => (choiceOf(task?.recurrence) === 'custom' ? (task?.recurrence ?? '') : ''));
  const [tried, setTried] = useState(false);

  const errors = {
    title: title.trim() === '' ? 'Required.' : title.trim().length > TITLE_MAX ? `At most ${TITLE_MAX} characters.` : undefined,
    description: description.length > DESCRIPTION_MAX ? `At most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.` : undefined,
    rule: recurrence === 'custom' && !isRule(customRule) ? RRULE_MESSAGE : undefined,
    dueDate: recurrence !== 'none' && dueDate === '' ? 'A recurring task needs a due date: the series starts there.' : undefined,
    assignee: assignee.mode !== 'none' && assignee.id === '' ? 'Choose whom, or assign to nobody yet.' : undefined,
    link: link.kind !== '' && !link.choice ? 'Choose what the task links to, or link to nothing.' : undefined,
  };
  const invalid = Object.values(errors).some(Boolean);

  const submit = () => {
    setTried(true);
    if (invalid) return;
    // The API client leaves null fields out (spec 7) and an edit keeps what is left out: an edit
    // clears a field with '' instead (the API reads it as none).
    const none = task ? '' : null;
    const input: GeneralTaskInput = {
      title: title.trim(),
      description: description.trim(),
      due_date: dueDate || none,
      assigned_to_user_id: assignee.mode === 'user' ? assignee.id : none,
      assigned_to_group_id: assignee.mode === 'group' ? assignee.id : none,
      link: link.kind && link.choice ? { kind: link.kind, id: link.choice.id } : none,
      recurrence: ruleOf(recurrence, customRule) ?? none,
    };
    save.mutate(input, {
      onSuccess: (saved) => {
        showSnackbar(task ? `Task “${saved.title}” saved.` : `Task “${saved.title}” created.`, 'success');
        onSaved?.(saved);
        onClose();
      },
    });
  };

  const shown = (message: string | undefined) => (tried ? message : undefined);
  return (
    <FormDialog open size="lg" title={task ? `Edit “${task.title}”` : 'New task'} submitText={task ? 'Save' : 'Create task'} busy={save.isPending} error={save.error ?? undefined} listFields onClose={onClose} onSubmit={submit}>
      <TextField label="Title" required value={title} onChange={setTitle} error={shown(errors.title)} autoFocus />
      <TextField label="Description" multiline rows={4} value={description} onChange={setDescription} error={shown(errors.description)} />
      <TextField label="Due date" type="date" value={dueDate} onChange={setDueDate} error={shown(errors.dueDate)} />
      <AssigneeField graph={graph} permission={P.VIEW_TASK} allowNone value={assignee} onChange={setAssignee} />
      {tried && errors.assignee && <FieldMessage text={errors.assignee} />}
      {/* An edit removes the link with "Remove link" (or "Nothing"): it sends '' as for the other fields. */}
      <LinkField graph={graph} value={link} onChange={setLink} />
      {task?.link && link.kind !== '' && (
        <Box>
          <Button size="xs" variant="outline" onClick={() => setLink({ kind: '', choice: null })}>
            Remove link
          </Button>
        </Box>
      )}
      {tried && errors.link && <FieldMessage text={errors.link} />}
      <SelectField label="Repeats" value={recurrence} options={RECURRENCE_PRESETS.map(({ value, label }) => ({ value, label }))} onChange={(value) => setRecurrence(value as RecurrenceChoice)} />
      {recurrence === 'custom' && (
        <TextField
          label="Recurrence rule (RRULE)"
          required
          value={customRule}
          onChange={setCustomRule}
          placeholder="FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1"
          helperText="The next occurrence opens when this one is completed or falls due."
          error={shown(errors.rule)}
        />
      )}
    </FormDialog>
  );
}

function FieldMessage({ text }: { text: string }) {
  return (
    <chakra.p role="alert" fontSize="sm" color="fg.error">
      {text}
    </chakra.p>
  );
}
