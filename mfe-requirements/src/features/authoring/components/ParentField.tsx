// Modify's Parent field (issue 26 item 1): where the requirement sits in the tree, changed by
// choosing another parent or the top level (its sub-requirements move with it). The API refuses
// one of its own sub-requirements; its message stays on the field while the same parent is chosen.
import { problemFieldMap, type RequirementDetail, type RequirementRef } from '@portal/shared';
import type { WizardField, WizardFieldRenderProps, WizardStep } from '@portal/shared/screens';
import { useState } from 'react';
import { ParentChooser } from '../../requirement';
import type { RequirementFormValues } from './requirementForm';

/** Modify's values: the form's, and the parent's id ('' : the top level). */
export type ModifyFormValues = RequirementFormValues & { parent_id: string };

/** The parent the requirement has now. */
export const parentOf = (requirement: RequirementDetail): RequirementRef | null => requirement.ancestors.at(-1) ?? null;

/** The API's message about the parent, for the parent it was given for. */
export type ParentError = { value: string; message: string } | undefined;

export function parentErrorFrom(error: unknown, value: string): ParentError {
  const message = problemFieldMap(error).parent_id;
  return message ? { value, message } : undefined;
}

function ParentInput({ graph, requirement, id, value, setValue, onFocus, onBlur, disabled, invalid }: WizardFieldRenderProps<ModifyFormValues, 'parent_id'> & { graph: string; requirement: RequirementDetail }) {
  // The chosen parent's code and title, for the value (an id) the wizard keeps.
  const [chosen, setChosen] = useState<RequirementRef | null>(() => parentOf(requirement));
  const shown = value === '' ? null : chosen?.id === value ? chosen : parentOf(requirement);
  return (
    <ParentChooser
      graph={graph}
      id={id}
      value={shown}
      exclude={requirement.id}
      onChange={(ref) => {
        setChosen(ref);
        setValue(ref?.id ?? '');
      }}
      onFocus={onFocus}
      onBlur={onBlur}
      disabled={disabled}
      invalid={invalid}
    />
  );
}

export function parentField(graph: string, requirement: RequirementDetail, error: ParentError): WizardField<ModifyFormValues> {
  return {
    name: 'parent_id',
    label: 'Parent',
    helperText: 'Its sub-requirements move with it; its code stays.',
    validate: (value) => (error && error.value === value ? error.message : undefined),
    render: (props) => <ParentInput {...props} graph={graph} requirement={requirement} />,
  };
}

/** The Add/Modify steps with the Parent field after the first step's fields. */
export function withParentField(steps: WizardStep<RequirementFormValues>[], field: WizardField<ModifyFormValues>): WizardStep<ModifyFormValues>[] {
  // The form's fields read only the values they name: they work on the wider values unchanged.
  const wider = steps as unknown as WizardStep<ModifyFormValues>[];
  return wider.map((step, index) => (index === 0 ? { ...step, fields: [...(step.fields ?? []), field] } : step));
}
