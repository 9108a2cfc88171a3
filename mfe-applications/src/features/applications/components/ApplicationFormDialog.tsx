// New application / Edit application: app key, name and portfolio, checked as they are typed
// once a field was left (or on submit), and the API's own refusal (a taken app key: 409 with its
// field) shown on the field it names.
import { isApiError, showSnackbar } from '@portal/shared';
import { TextField } from '@portal/shared/screens';
import { useEffect, useEffectEvent, useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { problemFieldMap } from '../../../lib/problemText';
import type { ApplicationRecord } from '../../../lib/types';
import { toApplicationInput, validateApplication, type ApplicationField, type ApplicationInput } from '../api/applicationInput';
import { useCreateApplication } from '../api/createApplication';
import { useUpdateApplication } from '../api/updateApplication';

type Values = Record<ApplicationField, string>;

const valuesOf = (app?: Pick<ApplicationRecord, 'app_key' | 'name' | 'portfolio'>): Values => ({
  app_key: app?.app_key ?? '',
  name: app?.name ?? '',
  portfolio: app?.portfolio ?? '',
});

export interface ApplicationFormDialogProps {
  graph: string;
  open: boolean;
  /** The app to change; absent: a new one. */
  application?: ApplicationRecord;
  onClose: () => void;
  onSaved?: (saved: ApplicationRecord, previousKey?: string) => void;
}

export function ApplicationFormDialog({ graph, open, application, onClose, onSaved }: ApplicationFormDialogProps) {
  const create = useCreateApplication(graph);
  const update = useUpdateApplication(graph);
  const [values, setValues] = useState<Values>(valuesOf(application));
  const [touched, setTouched] = useState<Partial<Record<ApplicationField, boolean>>>({});
  const [failure, setFailure] = useState<unknown>(null);

  // The form starts again when the dialog opens or shows another application; a refetch of the
  // same application while it is open does not wipe what the user typed.
  const startAgain = useEffectEvent(() => {
    setValues(valuesOf(application));
    setTouched({});
    setFailure(null);
  });
  const applicationId = application?.id;
  useEffect(() => {
    if (open) startAgain();
  }, [open, applicationId]);

  const errors = validateApplication(values);
  const server = problemFieldMap(failure);
  const shown = (field: ApplicationField) => (touched[field] ? errors[field] : undefined) ?? server[field];
  const unchanged = application !== undefined && JSON.stringify(values) === JSON.stringify(valuesOf(application));
  const busy = create.isPending || update.isPending;

  const set = (field: ApplicationField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFailure(null);
  };
  const blur = (field: ApplicationField) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = () => {
    setTouched({ app_key: true, name: true, portfolio: true });
    if (Object.keys(errors).length > 0) return;
    const input: ApplicationInput = toApplicationInput(values);
    const done = (saved: ApplicationRecord) => {
      showSnackbar(application ? `Application ${saved.app_key} saved.` : `Application ${saved.app_key} created.`, 'success');
      onSaved?.(saved, application?.app_key);
      onClose();
    };
    if (application) update.mutate({ appKey: application.app_key, input }, { onSuccess: done, onError: setFailure });
    else create.mutate(input, { onSuccess: done, onError: setFailure });
  };

  // A field's own refusal is shown on the field; only other failures go in the dialog's alert.
  const fieldFailure = isApiError(failure) && Object.keys(server).length > 0;
  return (
    <FormDialog
      open={open}
      title={application ? `Edit application ${application.app_key}` : 'New application'}
      submitText={application ? 'Save' : 'Create'}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={fieldFailure ? null : failure}
      submitDisabled={unchanged}
    >
      <TextField
        label="App key"
        value={values.app_key}
        onChange={set('app_key')}
        onBlur={blur('app_key')}
        error={shown('app_key')}
        required
        autoFocus
        helperText="Identifies the app in URLs and CI uploads (POST /api/apps/{app key}/builds)."
      />
      <TextField label="Name" value={values.name} onChange={set('name')} onBlur={blur('name')} error={shown('name')} required />
      <TextField
        label="Portfolio"
        value={values.portfolio}
        onChange={set('portfolio')}
        onBlur={blur('portfolio')}
        error={shown('portfolio')}
        helperText="Optional: the product line or team the app belongs to."
      />
    </FormDialog>
  );
}
