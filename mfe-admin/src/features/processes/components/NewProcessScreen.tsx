// /projects/new-project: the New Process wizard (code name, name, type, dashboard type). The API
// enrolls the creator as ADMIN; the new process becomes the current one and its dashboard opens.
// Beyond the licence's number of processes the API answers 402 with its licence message.
import { Alert, Box } from '@chakra-ui/react';
import {
  navigate,
  problemText,
  ScreenFrame,
  sessionStore,
  showSnackbar,
  type DashboardType,
  type ProcessType,
  type ScreenComponent,
} from '@portal/shared';
import { Select, Wizard, type WizardFieldRenderProps, type WizardStep } from '@portal/shared/screens';
import { useCreateProcess, type ProcessPayload } from '../api/processCommands';
import { DASHBOARD_TYPE_OPTIONS, PROCESS_TYPE_OPTIONS } from './processLabels';

const INITIAL: ProcessPayload = { code_name: '', name: '', type: 'REQUIREMENTS', dashboard_type: 'LIVE' };

/** A select bound to a wizard field (the wizard renders its label and error). */
function selectFor<K extends 'type' | 'dashboard_type'>(options: readonly { value: string; label: string }[]) {
  function WizardSelect({ id, value, setValue, onFocus, onBlur, disabled }: WizardFieldRenderProps<ProcessPayload, K>) {
    return (
      <Select
        id={id}
        value={value}
        disabled={disabled}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={(event) => setValue(event.target.value as ProcessPayload[K])}
        w="full"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    );
  }
  return WizardSelect;
}

const TypeSelect = selectFor<'type'>(PROCESS_TYPE_OPTIONS);
const DashboardSelect = selectFor<'dashboard_type'>(DASHBOARD_TYPE_OPTIONS);

const STEPS: WizardStep<ProcessPayload>[] = [
  {
    id: 'identity',
    title: 'Identify the process',
    description: 'The code name identifies the process in the portal and cannot be changed later.',
    fields: [
      { name: 'code_name', label: 'Code name', helperText: 'Letters and digits, up to 32.', rules: { required: true, format: 'alphanumeric', max: 32 } },
      { name: 'name', label: 'Name', rules: { required: true, max: 255 } },
    ],
  },
  {
    id: 'kind',
    title: 'Type and dashboard',
    description: 'What the process manages and how its dashboard presents it.',
    fields: [
      { name: 'type', label: 'Type', rules: { required: true }, render: (props) => <TypeSelect {...props} /> },
      { name: 'dashboard_type', label: 'Dashboard type', rules: { required: true }, render: (props) => <DashboardSelect {...props} /> },
    ],
  },
];

export const NewProcessScreen: ScreenComponent = ({ route }) => {
  const create = useCreateProcess();

  const submit = async (values: ProcessPayload) => {
    try {
      const created = await create.mutateAsync({
        code_name: values.code_name.trim(),
        name: values.name.trim(),
        type: values.type as ProcessType,
        dashboard_type: values.dashboard_type as DashboardType,
      });
      // The host notices a current process its session does not list yet and reloads both.
      sessionStore.setProcess(created);
      showSnackbar(`Process ${created.name} created.`, 'success');
      navigate('/dashboard');
    } catch {
      // Shown below the wizard from create.error.
    }
  };

  return (
    <ScreenFrame route={route}>
      <Box maxW="xl">
        <Wizard steps={STEPS} initialValues={INITIAL} onSubmit={submit} submitText="Create process" busy={create.isPending} />
        {create.error && (
          <Alert.Root status="error" role="alert" mt={4}>
            <Alert.Indicator />
            <Alert.Title>{problemText(create.error)}</Alert.Title>
          </Alert.Root>
        )}
      </Box>
    </ScreenFrame>
  );
};
