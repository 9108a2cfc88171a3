// What a general task links to: nothing, a requirement (found by code or title), an application
// of the process, or a finding (found by advisory id).
import { Stack, Text } from '@chakra-ui/react';
import { problemText } from '@portal/shared';
import { type TaskLinkKind } from '@portal/shared/collaboration';
import { SelectField } from '@portal/shared/screens';
import { useMutation } from '@tanstack/react-query';
import { findingIdOf, useApplications } from '../api/searchLinks';
import { findingMatches, hitOfChoice, requirementMatches } from '../hooks/useLinkMatches';
import { SearchPicker, type PickerChoice } from './SearchPicker';

export interface LinkValue {
  kind: TaskLinkKind | '';
  choice: PickerChoice | null;
}

const KIND_OPTIONS = [
  { value: 'requirement', label: 'A requirement' },
  { value: 'application', label: 'An application' },
  { value: 'finding', label: 'A finding' },
];

export interface LinkFieldProps {
  graph: string;
  value: LinkValue;
  onChange: (value: LinkValue) => void;
  /** "Nothing" may be chosen (a new task, or one without a link). */
  allowNothing?: boolean;
}

export function LinkField({ graph, value, onChange, allowNothing = true }: LinkFieldProps) {
  const applications = useApplications(graph, value.kind === 'application');
  const finding = useMutation({ mutationFn: (choiceId: string) => findingIdOf(graph, hitOfChoice(choiceId)) });
  const chooseFinding = (choice: PickerChoice | null) => {
    finding.reset();
    if (!choice) return onChange({ ...value, choice: null });
    finding.mutate(choice.id, { onSuccess: (id) => onChange({ ...value, choice: { id, label: choice.label } }) });
  };
  return (
    <Stack gap={2}>
      <SelectField
        label="Links to"
        value={value.kind}
        emptyOption={allowNothing ? 'Nothing' : undefined}
        options={KIND_OPTIONS}
        onChange={(kind) => onChange({ kind: kind as LinkValue['kind'], choice: null })}
      />
      {value.kind === 'requirement' && (
        <SearchPicker label="Linked requirement" placeholder="Code or title" value={value.choice} useMatches={requirementMatches(graph)} onChange={(choice) => onChange({ ...value, choice })} />
      )}
      {value.kind === 'finding' && (
        <SearchPicker label="Linked finding" placeholder="Advisory id, e.g. CVE-2021-23337" value={value.choice} useMatches={findingMatches(graph)} onChange={chooseFinding} />
      )}
      {value.kind === 'finding' && finding.isPending && (
        <Text fontSize="sm" color="fg.muted" role="status">
          Finding the finding…
        </Text>
      )}
      {value.kind === 'finding' && finding.error && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {problemText(finding.error)}
        </Text>
      )}
      {value.kind === 'application' && (
        <SelectField
          label="Linked application"
          value={value.choice?.id ?? ''}
          placeholder={applications.isPending ? 'Loading applications…' : applications.error ? 'The applications could not be read' : 'Choose an application'}
          options={(applications.data ?? []).map((app) => ({ value: app.id, label: app.name ? `${app.name} (${app.app_key})` : app.app_key }))}
          onChange={(id) => {
            const app = applications.data?.find((candidate) => candidate.id === id);
            onChange({ ...value, choice: app ? { id: app.id, label: app.app_key } : null });
          }}
        />
      )}
    </Stack>
  );
}
