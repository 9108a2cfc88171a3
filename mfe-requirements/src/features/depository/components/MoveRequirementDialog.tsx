// Move to… (issue 26 item 1): the keyboard's way to give a requirement another parent, the same
// move as dragging it in the tree. The API's refusal (under one of its own sub-requirements, a
// stale version) is shown in the dialog.
import { chakra } from '@chakra-ui/react';
import { FormDialog, showSnackbar, type Requirement, type RequirementRef } from '@portal/shared';
import { useId, useState } from 'react';
import { movedText, ParentChooser, useMoveRequirement } from '../../requirement';

export interface MoveRequirementDialogProps {
  graph: string;
  requirement: Requirement;
  /** Its parent now (null: the top level). */
  parent: RequirementRef | null;
  onClose: () => void;
}

export function MoveRequirementDialog({ graph, requirement, parent, onClose }: MoveRequirementDialogProps) {
  const inputId = useId();
  const [chosen, setChosen] = useState<RequirementRef | null>(parent);
  const move = useMoveRequirement(graph);
  const unchanged = (chosen?.id ?? null) === (parent?.id ?? null);

  const submit = () => {
    const input = { requirement, parent: chosen };
    move.mutate(input, {
      onSuccess: () => {
        showSnackbar(movedText(input), 'success');
        onClose();
      },
    });
  };

  return (
    <FormDialog
      open
      title={`Move ${requirement.code} to…`}
      submitText="Move"
      onClose={onClose}
      onSubmit={submit}
      busy={move.isPending}
      error={move.error ?? undefined}
      submitDisabled={unchanged}
    >
      <chakra.label htmlFor={inputId} fontSize="sm" fontWeight="medium">
        New parent of {requirement.code} (its sub-requirements move with it)
      </chakra.label>
      <ParentChooser graph={graph} id={inputId} value={chosen} onChange={setChosen} exclude={requirement.id} />
    </FormDialog>
  );
}
