// The API's answer to a refused Add/Modify, turned into messages on the fields they concern.
import { hasInjectionMarker, problemFieldMap, problemText } from '@portal/shared';
import type { RequirementFormValues, ServerFieldErrors } from './requirementForm';

const FIELDS: (keyof RequirementFormValues)[] = ['title', 'code', 'priority', 'description', 'due_date', 'tags', 'source', 'owner_id'];
const TEXT_FIELDS: (keyof RequirementFormValues)[] = ['description', 'title', 'source', 'tags', 'code'];

function fieldName(raw: string): keyof RequirementFormValues | undefined {
  const name = raw.replace(/^\/?(body[./])?/, '').replace(/[/.].*$/, '');
  return FIELDS.find((field) => field === name);
}

export function serverErrorsFrom(error: unknown, values: RequirementFormValues): ServerFieldErrors {
  const errors: ServerFieldErrors = {};
  for (const [raw, message] of Object.entries(problemFieldMap(error))) {
    const name = fieldName(raw);
    if (name) errors[name] = { value: values[name], message };
  }
  if (Object.keys(errors).length === 0 && problemText(error) === 'Invalid input.') {
    const name = TEXT_FIELDS.find((field) => hasInjectionMarker(values[field])) ?? 'description';
    errors[name] = { value: values[name], message: 'Invalid input.' };
  }
  return errors;
}
