// /projects/settings: the settings of the current process (sessionStore): its name and types,
// module configuration, notification settings, disaster recovery, and deleting it. Without a current process (or in
// Platform View, which is no single process) the screen says so and links to the process list.
import { Link as ChakraLink } from '@chakra-ui/react';
import {
  Empty,
  ErrorAlert,
  isPlatformView,
  Loading,
  ScreenFrame,
  useSession,
  type CurrentProcess,
  type Process,
  type ScreenComponent,
} from '@portal/shared';
import { Link } from 'react-router';
import { useProcesses } from '../api/getProcesses';
import { DeleteProcessSection } from './DeleteProcessSection';
import { DisasterRecoverySection } from './DisasterRecoverySection';
import { ModuleConfigurationSection } from './ModuleConfigurationSection';
import { NotificationSettingsSection } from './NotificationSettingsSection';
import { ProcessDetailsSection } from './ProcessDetailsSection';

function isComplete(process: CurrentProcess): process is Process {
  return Boolean(process.name && process.type && process.dashboard_type);
}

export const ProcessSettingsScreen: ScreenComponent = ({ route }) => {
  const current = useSession((state) => state.process);
  const processes = useProcesses();

  if (!current || isPlatformView(current)) {
    return (
      <ScreenFrame route={route}>
        <Empty
          title="No process selected"
          description="Process Settings apply to one process. Open the process you want to configure first."
          action={
            <ChakraLink asChild colorPalette="blue">
              <Link to="/projects">Go to Processes</Link>
            </ChakraLink>
          }
        />
      </ScreenFrame>
    );
  }

  // The list holds the process as stored; the store may hold only its id and code name.
  const listed = processes.data?.find((process) => process.id === current.id);
  const process = listed ?? (isComplete(current) ? current : undefined);

  return (
    <ScreenFrame route={route} title={`${route.title}: ${process?.name ?? current.code_name}`}>
      {process ? (
        <ProcessDetailsSection key={`${process.id}:${process.name}:${process.type}:${process.dashboard_type}`} process={process} />
      ) : processes.error ? (
        <ErrorAlert error={processes.error} onRetry={() => void processes.refetch()} />
      ) : (
        <Loading label="Loading the process…" />
      )}
      <ModuleConfigurationSection code={current.code_name} />
      <NotificationSettingsSection code={current.code_name} />
      <DisasterRecoverySection code={current.code_name} />
      <DeleteProcessSection process={{ id: current.id, code_name: current.code_name, name: process?.name ?? current.code_name }} processes={processes.data} />
    </ScreenFrame>
  );
};
