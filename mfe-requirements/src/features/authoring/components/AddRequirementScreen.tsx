// /requirements/add-requirement (optional ?parent=<id>): the Add wizard. The new requirement opens
// in the depository; under a parent it becomes its sub-requirement.
import { Alert, Box, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Loading, navigate, problemText, ScreenFrame, showSnackbar, type ScreenComponent } from '@portal/shared';
import { Wizard } from '@portal/shared/screens';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useGraph } from '../../../lib/graph';
import { detailPath, useCreateRequirement, useRequirement } from '../../requirement';
import { EMPTY_FORM, inputOf, requirementSteps, todayText, type RequirementFormValues, type ServerFieldErrors } from './requirementForm';
import { serverErrorsFrom } from './serverErrors';
import { requirementWizardHelp } from './wizardHelp';
import { NoProcessFrame } from '../../../components/NoProcessFrame';

export const AddRequirementScreen: ScreenComponent = ({ route }) => {
  const graph = useGraph();
  const [params] = useSearchParams();
  const parentId = params.get('parent') ?? undefined;
  const parent = useRequirement(graph, parentId);
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors>({});
  const steps = useMemo(() => requirementSteps(serverErrors, todayText(), { graph: graph ?? '' }), [serverErrors, graph]);
  const create = useCreateRequirement(graph ?? '');

  const submit = async (values: RequirementFormValues) => {
    setServerErrors({});
    try {
      const created = await create.mutateAsync({ ...inputOf(values), ...(parentId ? { parent_id: parentId } : {}) });
      showSnackbar(`Requirement ${created.code} added.`, 'success');
      navigate(detailPath(created.id));
    } catch (error) {
      setServerErrors(serverErrorsFrom(error, values));
    }
  };

  if (graph === undefined) return <NoProcessFrame route={route} description="Choose a process to add requirements to it." />;

  return (
    <ScreenFrame route={route}>
      <Box maxW="5xl">
        {parentId && (
          <Box mb={4}>
            {parent.isPending ? (
              <Loading label="Loading the parent requirement…" />
            ) : parent.data ? (
              <Text>
                Sub-requirement of{' '}
                <ChakraLink asChild colorPalette="blue">
                  <Link to={detailPath(parent.data.id)}>
                    {parent.data.code} · {parent.data.title}
                  </Link>
                </ChakraLink>
              </Text>
            ) : (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>The parent requirement cannot be read: {problemText(parent.error)}</Alert.Title>
              </Alert.Root>
            )}
          </Box>
        )}
        <Wizard steps={steps} initialValues={EMPTY_FORM} onSubmit={submit} submitText="Add requirement" busy={create.isPending} {...requirementWizardHelp} />
        {create.error && (
          <Alert.Root status="error" role="alert" mt={4}>
            <Alert.Indicator />
            <Alert.Title>{errorSummary(create.error, serverErrors)}</Alert.Title>
          </Alert.Root>
        )}
      </Box>
    </ScreenFrame>
  );
};

const LABELS: Record<string, string> = { title: 'Title', code: 'Code', priority: 'Priority', description: 'Description', due_date: 'Due date', tags: 'Tags', source: 'Source', owner_id: 'Owner' };

/** The API's message, naming the fields it concerns (they may be on another step). */
export function errorSummary(error: unknown, serverErrors: ServerFieldErrors): string {
  const fields = Object.entries(serverErrors).map(([name, entry]) => `${LABELS[name] ?? name}: ${entry!.message}`);
  return fields.length > 0 ? fields.join(' ') : problemText(error);
}
