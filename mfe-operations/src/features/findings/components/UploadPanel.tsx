// Upload a scanner's output (issue 24 item 4): a file dropped or picked, into an application of
// the process or a repository named freely (the scope a re-import replaces); its progress with a
// Cancel, then what the import changed, or the API's refusal as it is.
import { HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '@portal/shared';
import { FileDrop, SelectField, TextField, UploadProgress } from '@portal/shared/screens';
import { useState } from 'react';
import { plural, scopeText } from '../../../lib/labels';
import { useApplications } from '../api/getApplications';
import type { UploadScope } from '../api/uploadFindings';
import { useFindingsUpload } from '../hooks/useFindingsUpload';

const ACCEPT = '.sarif,.json,.csv,.gz,application/json,text/csv,application/gzip';

export function UploadPanel({ graph }: { graph: string }) {
  const applications = useApplications(graph);
  const [kind, setKind] = useState<'application' | 'repository'>('application');
  const [application, setApplication] = useState('');
  const [repository, setRepository] = useState('');
  const { state, start, cancel } = useFindingsUpload(graph);
  const scope: UploadScope | null = kind === 'application' ? (application ? { application } : null) : repository.trim() ? { repository: repository.trim() } : null;
  return (
    <Stack as="section" aria-label="Upload scanner results" gap={3} borderWidth="1px" borderRadius="md" p={4}>
      <HStack gap={3} align="flex-end" flexWrap="wrap">
        <SelectField
          label="Findings of"
          size="sm"
          value={kind}
          onChange={(value) => setKind(value as 'application' | 'repository')}
          options={[
            { value: 'application', label: 'An application' },
            { value: 'repository', label: 'A repository' },
          ]}
        />
        {kind === 'application' ? (
          <SelectField
            label="Application"
            size="sm"
            value={application}
            onChange={setApplication}
            placeholder={applications.isPending ? 'Loading…' : 'Choose an application'}
            options={(applications.data ?? []).map((app) => ({ value: app.app_key, label: app.name ? `${app.name} (${app.app_key})` : app.app_key }))}
          />
        ) : (
          <TextField label="Repository" value={repository} onChange={setRepository} placeholder="e.g. shop-api" enterDoesNotSubmit />
        )}
      </HStack>
      <FileDrop
        label="Scanner results"
        accept={ACCEPT}
        disabled={!scope || state.phase === 'sending'}
        onFiles={(files) => {
          if (scope && files[0]) void start(files[0], scope);
        }}
        chooseText="Choose a file"
        hint={
          scope
            ? 'SARIF 2.1.0, Semgrep, Checkov, KICS, tfsec, Trivy, Security Hub (ASFF), Prowler OCSF or Defender for Cloud; gzip accepted. A re-import of the same scope marks what it no longer reports as fixed.'
            : 'Choose the application or name the repository first.'
        }
      />
      {state.phase === 'sending' && <UploadProgress title={`Uploading ${state.name}`} label={`Upload progress of ${state.name}`} progress={state.progress} onCancel={cancel} />}
      {state.phase === 'imported' && (
        <Text role="status" fontSize="sm">
          {state.name} imported into {scopeText(state.summary.scope)}: {plural(state.summary.findings, 'finding')}, {state.summary.new} new, {state.summary.seen} seen again,{' '}
          {state.summary.fixed} fixed, {state.summary.reopened} reopened.
        </Text>
      )}
      {state.phase === 'cancelled' && (
        <Text fontSize="sm" color="fg.muted">
          {state.name}: upload cancelled.
        </Text>
      )}
      {state.phase === 'refused' && <ErrorAlert error={state.error} title={`${state.name} was not imported`} />}
    </Stack>
  );
}
