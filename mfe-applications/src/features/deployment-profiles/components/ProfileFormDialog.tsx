// A deployment profile's form (new or changed): name, environment, description, the build deployed
// (only for those who may attach builds), the exclusion patterns one per line and the component
// types kept. The rules are the API's own (deploymentProfileProblems of @portal/shared): a field's
// message shows once it was left or the form was sent; the API's own refusals show too.
import { Text } from '@chakra-ui/react';
import {
  deploymentProfileProblems,
  DEPLOYMENT_ENVIRONMENTS,
  RBOM_COMPONENT_TYPES,
  usePermitted,
  type DeploymentEnvironment,
  type DeploymentProfileInput,
  type DeploymentProfileView,
} from '@portal/shared';
import { CheckboxGroupField, SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { formatDateTime } from '../../../lib/format';
import { problemFieldMap } from '../../../lib/problemText';
import type { Build } from '../../../lib/types';
import { PROFILE_PERMISSIONS } from '../permissions';

const ENVIRONMENT_LABELS: Record<DeploymentEnvironment, string> = { dev: 'Development', qa: 'QA', staging: 'Staging', prod: 'Production' };
export const environmentLabel = (environment: DeploymentEnvironment) => ENVIRONMENT_LABELS[environment] ?? environment;

interface FormValues {
  name: string;
  environment: DeploymentEnvironment;
  description: string;
  build_id: string;
  exclude: string;
  include_types: string[];
}

function initialValues(profile: DeploymentProfileView | null, builds: readonly Build[]): FormValues {
  if (profile) {
    return {
      name: profile.name,
      environment: profile.environment,
      description: profile.description ?? '',
      build_id: profile.build?.id ?? '',
      exclude: profile.exclude.join('\n'),
      include_types: profile.include_types,
    };
  }
  return { name: '', environment: 'prod', description: '', build_id: builds.find((build) => build.status === 'DONE')?.id ?? '', exclude: '', include_types: [] };
}

/** The input the form sends: patterns one per line, blank lines dropped. */
export function inputOf(values: FormValues, mayAttach: boolean): DeploymentProfileInput {
  const input: DeploymentProfileInput = {
    name: values.name.trim(),
    environment: values.environment,
    description: values.description.trim() === '' ? null : values.description.trim(),
    exclude: values.exclude.split('\n').map((line) => line.trim()).filter(Boolean),
    include_types: values.include_types,
  };
  if (mayAttach) input.build_id = values.build_id === '' ? null : values.build_id;
  return input;
}

export interface ProfileFormDialogProps {
  open: boolean;
  /** The profile changed; null for a new one. */
  profile: DeploymentProfileView | null;
  builds: readonly Build[];
  busy: boolean;
  error: unknown;
  onSubmit: (input: DeploymentProfileInput) => void;
  onClose: () => void;
}

export function ProfileFormDialog({ open, profile, builds, busy, error, onSubmit, onClose }: ProfileFormDialogProps) {
  const mayAttach = usePermitted(PROFILE_PERMISSIONS.ATTACH);
  const [values, setValues] = useState(() => initialValues(profile, builds));
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const [sent, setSent] = useState(false);
  const input = inputOf(values, mayAttach);
  const problems = deploymentProfileProblems(input);
  const server = problemFieldMap(error);
  const message = (field: string) => server[field] ?? ((sent || shown[field]) && problems[field] ? problems[field] : undefined);
  const patternProblem = Object.entries(problems).find(([field]) => field.startsWith('exclude'))?.[1];
  const set = <K extends keyof FormValues>(field: K) => (value: FormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const leave = (field: string) => () => setShown((current) => ({ ...current, [field]: true }));

  return (
    <FormDialog
      open={open}
      title={profile ? `Change the profile ${profile.name}` : 'New deployment profile'}
      submitText={profile ? 'Save' : 'Create'}
      busy={busy}
      error={error ?? undefined}
      size="lg"
      onClose={onClose}
      onSubmit={() => {
        setSent(true);
        if (Object.keys(problems).length === 0) onSubmit(input);
      }}
    >
      <TextField label="Name" value={values.name} onChange={set('name')} onBlur={leave('name')} error={message('name')} required autoFocus placeholder="Production EU" />
      <SelectField
        label="Environment"
        value={values.environment}
        onChange={(value) => set('environment')(value as DeploymentEnvironment)}
        options={DEPLOYMENT_ENVIRONMENTS.map((environment) => ({ value: environment, label: environmentLabel(environment) }))}
      />
      <TextField label="Description" value={values.description} onChange={set('description')} onBlur={leave('description')} error={message('description')} multiline />
      <SelectField
        label="Build deployed"
        value={values.build_id}
        onChange={set('build_id')}
        disabled={!mayAttach}
        emptyOption="No build attached"
        error={server.build_id}
        options={builds.map((build) => ({
          value: build.id,
          label: `Build ${build.number} — ${formatDateTime(build.created_at)}${build.status === 'DONE' ? '' : ` (${build.status.toLowerCase()})`}`,
        }))}
      />
      {!mayAttach && (
        <Text fontSize="xs" color="fg.muted">
          Attaching a build needs the permission to attach builds to deployment profiles.
        </Text>
      )}
      <TextField
        label="Not deployed (one pattern per line)"
        value={values.exclude}
        onChange={set('exclude')}
        onBlur={leave('exclude')}
        error={sent || shown.exclude ? (server.exclude ?? patternProblem) : undefined}
        multiline
        placeholder={'pkg:npm/jest*\n@types/*\n*eslint*'}
        helperText="Components whose purl, group/name or name matches a pattern (* any run, ? one character) are not in the runtime BOM — nor what only they depend on."
      />
      <CheckboxGroupField
        legend="Component types deployed"
        description="None checked: every type."
        values={RBOM_COMPONENT_TYPES}
        checked={values.include_types}
        onChange={set('include_types')}
      />
    </FormDialog>
  );
}
