// /requirements/modify?id=<id>: the Modify wizard on the requirement's current values. The API
// refuses a change made on a stale version (409): the message is shown with Reload, which reads
// the requirement again and restarts the form on its new values.
import { Alert, Box, Button, HStack } from '@chakra-ui/react';
import {
  Empty,
  ErrorAlert,
  errorStatus,
  Loading,
  navigate,
  ScreenFrame,
  showSnackbar,
  type RequirementDetail,
  type ScreenComponent,
} from '@portal/shared';
import { Wizard } from '@portal/shared/screens';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGraph } from '../../../lib/graph';
import { detailPath, useRequirement, useUpdateRequirement } from '../../requirement';
import { errorSummary } from './AddRequirementScreen';
import { inputOf, requirementSteps, valuesOf, type ServerFieldErrors } from './requirementForm';
import { serverErrorsFrom } from './serverErrors';
import { parentErrorFrom, parentField, parentOf, withParentField, type ModifyFormValues, type ParentError } from './ParentField';
import { requirementWizardHelp } from './wizardHelp';

export const ModifyRequirementScreen: ScreenComponent = ({ route }) => {
  const graph = useGraph();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const requirement = useRequirement(graph, id);
  const [reloads, setReloads] = useState(0);

  let content;
  if (graph === undefined) content = <Empty title="No process selected" description="Choose a process first." />;
  else if (!id) content = <Empty title="No requirement chosen" description="Open a requirement in the depository and choose Modify." />;
  else if (requirement.isPending) content = <Loading label="Loading requirement…" />;
  else if (requirement.error || !requirement.data) content = <ErrorAlert error={requirement.error} onRetry={() => void requirement.refetch()} />;
  else if (requirement.data.deleted_at)
    content = (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Title>{requirement.data.code} is deleted and cannot be modified.</Alert.Title>
      </Alert.Root>
    );
  else
    content = (
      <ModifyForm
        key={reloads}
        graph={graph}
        requirement={requirement.data}
        onReload={() => void requirement.refetch().then(() => setReloads((count) => count + 1))}
      />
    );

  return (
    <ScreenFrame route={route}>
      <Box maxW="5xl">{content}</Box>
    </ScreenFrame>
  );
};

function ModifyForm({ graph, requirement, onReload }: { graph: string; requirement: RequirementDetail; onReload: () => void }) {
  // The form edits the version it was opened on; a newer one (another user's change) is offered
  // with Reload and the wizard's notice that the initial values changed.
  const [base] = useState(requirement);
  const changed = requirement.version !== base.version;
  const initialParent = parentOf(base)?.id ?? '';
  const initialValues = useMemo<ModifyFormValues>(() => ({ ...valuesOf(base), parent_id: initialParent }), [base, initialParent]);
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors>({});
  const [parentError, setParentError] = useState<ParentError>();
  const steps = useMemo(
    () => withParentField(requirementSteps(serverErrors, null, { graph, owner: base.owner }), parentField(graph, base, parentError)),
    [serverErrors, graph, base, parentError],
  );
  const update = useUpdateRequirement(graph, requirement.id);
  const stale = errorStatus(update.error) === 409;
  const reload = () => {
    update.reset();
    setServerErrors({});
    setParentError(undefined);
    onReload();
  };

  const submit = async (values: ModifyFormValues) => {
    setServerErrors({});
    setParentError(undefined);
    try {
      // The parent is sent when it changed ('' : the top level): a move, told in the history.
      const moved = values.parent_id !== initialParent ? { parent_id: values.parent_id } : {};
      const saved = await update.mutateAsync({ ...inputOf(values), ...moved, version: base.version });
      showSnackbar(`Requirement ${saved.code} saved.`, 'success');
      navigate(detailPath(saved.id));
    } catch (error) {
      setServerErrors(serverErrorsFrom(error, values));
      setParentError(parentErrorFrom(error, values.parent_id));
    }
  };

  return (
    <>
      <Wizard
        title={`${base.code} · ${base.title}`}
        steps={steps}
        initialValues={initialValues}
        onSubmit={submit}
        submitText="Save"
        busy={update.isPending}
        {...requirementWizardHelp}
      />
      {changed && !update.error && (
        <Alert.Root status="info" mt={4} alignItems="center">
          <Alert.Indicator />
          <Alert.Title flex="1">{requirement.code} was changed by someone else.</Alert.Title>
          <Button size="sm" variant="outline" onClick={reload}>
            Reload
          </Button>
        </Alert.Root>
      )}
      {update.error && (
        <Alert.Root status="error" role="alert" mt={4} alignItems="center">
          <Alert.Indicator />
          <Alert.Title flex="1">{errorSummary(update.error, serverErrors)}</Alert.Title>
          {stale && (
            <HStack>
              <Button size="sm" variant="outline" onClick={reload}>
                Reload
              </Button>
            </HStack>
          )}
        </Alert.Root>
      )}
    </>
  );
}
