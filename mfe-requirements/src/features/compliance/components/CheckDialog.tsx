// Add or edit a check of a requirement: its kind, a scope the kind takes and the kind's parameters,
// each checked as the API checks it (a recurring task picked from the process's series); what the
// API still refuses (a task that is no longer a recurring task of the process) is shown at the
// field it names.
import { Box, Stack, Text } from '@chakra-ui/react';
import { DEPLOYMENT_ENVIRONMENTS, FormDialog, LICENSE_CATEGORIES, showSnackbar } from '@portal/shared';
import { COMPLIANCE_CHECK_KINDS, COMPLIANCE_FINDING_SOURCES, COMPLIANCE_KIND_SCOPES, COMPLIANCE_LIMITS, COMPLIANCE_SEVERITIES, SBOM_PROVENANCE_ATTRIBUTES, type ComplianceCheck } from '@portal/shared/compliance';
import { CheckboxGroupField, SelectField, TextField } from '@portal/shared/screens';
import { useState, type ReactNode } from 'react';
import { useSaveCheck } from '../api/changeChecks';
import { checkInput, DEFAULT_VALUES, serverErrors, valuesOf, withKind, type CheckFormErrors, type CheckFormValues } from './checkForm';
import { RecurringTaskPicker } from './RecurringTaskPicker';
import { KIND_HINTS, KIND_LABELS, PROVENANCE_LABELS, SCOPE_LABELS, SOURCE_LABELS } from './words';

export interface CheckDialogProps {
  graph: string;
  requirementId: string;
  /** The requirement as titles name it ('REQ-3 Encrypt backups'). */
  requirementName: string;
  /** The check to edit; none: a new one. */
  check?: ComplianceCheck;
  onClose: () => void;
}

const LIST_HINT = 'Separated by commas.';

/** A group of checkboxes with the error of its field under it. */
function Choices({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <Box>
      {children}
      {error && (
        <Text color="fg.error" fontSize="xs" mt={1}>
          {error}
        </Text>
      )}
    </Box>
  );
}

export function CheckDialog({ graph, requirementId, requirementName, check, onClose }: CheckDialogProps) {
  const [values, setValues] = useState<CheckFormValues>(() => (check ? valuesOf(check) : DEFAULT_VALUES));
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<CheckFormErrors>({});
  const save = useSaveCheck(graph, requirementId);
  const own = checked ? checkInput(values).errors : {};
  const errors: CheckFormErrors = { ...own, ...refused };
  const unplaced = save.error ? serverErrors(save.error, values).unplaced : false;

  const change = (next: Partial<CheckFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setRefused({});
    if (save.error) save.reset();
  };

  const submit = () => {
    setChecked(true);
    const { input, errors: invalid } = checkInput(values);
    if (Object.keys(invalid).length > 0) return;
    save.mutate(
      { checkId: check?.id, input },
      {
        onSuccess: () => {
          showSnackbar(check ? `The check of ${requirementName} was saved.` : `A check was added to ${requirementName}.`, 'success');
          onClose();
        },
        onError: (error) => setRefused(serverErrors(error, values).fields),
      },
    );
  };

  const scopes = COMPLIANCE_KIND_SCOPES[values.kind];
  const text = (field: string, label: string, key: keyof CheckFormValues, more: { helperText?: string; type?: 'number'; required?: boolean } = {}) => (
    <TextField label={label} value={values[key] as string} onChange={(value) => change({ [key]: value })} error={errors[field]} {...more} />
  );

  return (
    <FormDialog
      open
      title={check ? `Edit check of ${requirementName}` : `Add a check to ${requirementName}`}
      submitText={check ? 'Save check' : 'Add check'}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      error={unplaced ? save.error : undefined}
      listFields
      size="lg"
    >
      <Stack gap={1}>
        <SelectField
          label="Kind"
          value={values.kind}
          onChange={(kind) => change(withKind(values, kind as CheckFormValues['kind']))}
          options={COMPLIANCE_CHECK_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          error={errors.kind}
        />
        <Text fontSize="xs" color="fg.muted">
          {KIND_HINTS[values.kind]}
        </Text>
      </Stack>
      {scopes.length > 1 ? (
        <SelectField
          label="Scope"
          value={values.scopeKind}
          onChange={(scopeKind) => change({ scopeKind: scopeKind as CheckFormValues['scopeKind'] })}
          options={scopes.map((scope) => ({ value: scope, label: SCOPE_LABELS[scope] }))}
          error={errors['scope.kind']}
        />
      ) : (
        <Text fontSize="sm">Scope: the whole process.</Text>
      )}
      {values.scopeKind === 'applications' && (
        <>
          {text('scope.keys', 'Application keys', 'keys', { helperText: `${LIST_HINT} Name at least one key, portfolio or tag.` })}
          {text('scope.portfolios', 'Portfolios', 'portfolios', { helperText: LIST_HINT })}
          {text('scope.tags', 'Application tags', 'tags', { helperText: LIST_HINT })}
        </>
      )}
      {values.scopeKind === 'repositories' && text('scope.names', 'Repositories', 'names', { helperText: LIST_HINT, required: true })}
      {values.scopeKind === 'cloud-accounts' &&
        text('scope.accounts', 'Cloud accounts', 'accounts', { helperText: `${LIST_HINT} Each aws:<account id>, azure:<subscription id> or gcp:<project>.`, required: true })}

      {(values.kind === 'open-findings' || values.kind === 'active-exploit') && (
        <Choices error={errors['params.sources']}>
          <CheckboxGroupField legend="Finding sources" values={COMPLIANCE_FINDING_SOURCES} checked={values.sources} onChange={(sources) => change({ sources })} labelOf={(source) => SOURCE_LABELS[source]} />
        </Choices>
      )}
      {values.kind === 'open-findings' && (
        <>
          <SelectField
            label="At or above severity"
            value={values.severity}
            onChange={(severity) => change({ severity: severity as CheckFormValues['severity'] })}
            options={COMPLIANCE_SEVERITIES.map((severity) => ({ value: severity, label: severity.charAt(0).toUpperCase() + severity.slice(1) }))}
            error={errors['params.severity']}
          />
          {text('params.older_than_days', 'Older than (days)', 'olderThanDays', { type: 'number', helperText: `0 to ${COMPLIANCE_LIMITS.days}; 0: any open finding fails.` })}
        </>
      )}
      {values.kind === 'sbom-fresh' && text('params.max_age_days', 'Newest SBOM at most (days old)', 'maxAgeDays', { type: 'number', helperText: `1 to ${COMPLIANCE_LIMITS.days}.`, required: true })}
      {values.kind === 'license-category' && (
        <>
          <Choices error={errors['params.categories']}>
            <CheckboxGroupField legend="License categories that fail" values={LICENSE_CATEGORIES} checked={values.categories} onChange={(categories) => change({ categories })} />
          </Choices>
          <Choices error={errors['params.environments']}>
            <CheckboxGroupField
              legend="Deployment environments"
              description="None chosen: the profiles of every environment."
              values={DEPLOYMENT_ENVIRONMENTS}
              checked={values.environments}
              onChange={(environments) => change({ environments })}
            />
          </Choices>
        </>
      )}
      {values.kind === 'cloud-control' &&
        text('params.controls', 'Controls', 'controls', { helperText: `${LIST_HINT} Security Hub control ids (S3.1), Prowler check ids or Defender assessment keys; at most ${COMPLIANCE_LIMITS.controls}.`, required: true })}
      {values.kind === 'evidence-file' && (
        <>
          {text('params.folder', 'Folder', 'folder', { helperText: 'Empty: any folder.' })}
          {text('params.tag', 'Document tag', 'tag', { helperText: 'Empty: any tag.' })}
        </>
      )}
      {values.kind === 'recurring-task' && (
        <>
          <RecurringTaskPicker graph={graph} value={values.taskId} onChange={(taskId) => change({ taskId })} error={errors['params.task_id']} />
          {text('params.grace_days', 'Days of grace', 'graceDays', { type: 'number', helperText: `0 to ${COMPLIANCE_LIMITS.graceDays}.` })}
        </>
      )}
      {values.kind === 'sbom-provenance' && (
        <>
          <Choices error={errors['params.require']}>
            <CheckboxGroupField
              legend="The SBOM records"
              values={SBOM_PROVENANCE_ATTRIBUTES}
              checked={values.provenance}
              onChange={(provenance) => change({ provenance })}
              labelOf={(attribute) => PROVENANCE_LABELS[attribute]}
            />
          </Choices>
          {text('params.min_identified_percent', 'Components identified by a package URL (at least %)', 'minIdentifiedPercent', { type: 'number', helperText: '0 to 100; 0: no share required.' })}
        </>
      )}
    </FormDialog>
  );
}
