// /projects: the processes the user may open, with their type and dashboard type. Opening one makes
// it the current process of the portal (the session store) and shows its dashboard.
import { Button, HStack, Text } from '@chakra-ui/react';
import { Empty, navigate, QueryView, ScreenFrame, sessionStore, showSnackbar, useSession, type Process, type ScreenComponent } from '@portal/shared';
import { Link } from 'react-router';
import { useProcesses } from '../api/getProcesses';
import { DataTable } from '@portal/shared/screens';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { dashboardTypeLabel, processTypeLabel } from './processLabels';
import { RowAction } from '../../../components/RowAction';

export const NEW_PROCESS_PATH = '/projects/new-project';

function openProcess(process: Process): void {
  sessionStore.setProcess(process);
  showSnackbar(`${process.name} is now the current process.`);
  navigate('/dashboard');
}

export const ProcessesScreen: ScreenComponent = ({ route }) => {
  const processes = useProcesses();
  const current = useSession((state) => state.process);
  const canCreate = useAllowed(ADMIN_PERMISSIONS.CREATE_PROCESS);
  const isCurrent = (process: Process) => current?.id === process.id;
  const newProcess = canCreate && (
    <Button asChild colorPalette="brand">
      <Link to={NEW_PROCESS_PATH}>New Process</Link>
    </Button>
  );

  return (
    <ScreenFrame route={route}>
      <HStack justify="space-between" align="center" mb={4} gap={4} flexWrap="wrap">
        <Text color="fg.muted">The processes you may open. Open one to work in it.</Text>
        {newProcess}
      </HStack>
      <QueryView query={processes} loading="Loading processes…" noAccessOnForbidden>
        {(list) =>
          list.length === 0 ? (
            <Empty
              title="No processes yet"
              description={canCreate ? 'Create the first process with New Process.' : 'Ask your administrator to enroll you in a process.'}
            />
          ) : (
            <DataTable
              caption="Processes"
              rows={list}
              rowKey={(process) => process.id}
              rowCurrent={isCurrent}
              columns={[
                { header: 'Code name', rowHeader: true, cell: (process) => process.code_name },
                { header: 'Name', cell: (process) => process.name },
                { header: 'Type', cell: (process) => processTypeLabel(process.type) },
                { header: 'Dashboard type', cell: (process) => dashboardTypeLabel(process.dashboard_type) },
                {
                  header: 'Open',
                  cell: (process) => (
                    <HStack gap={3}>
                      {isCurrent(process) && (
                        <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
                          Current process
                        </Text>
                      )}
                      <RowAction label={`Open ${process.name}`} onClick={() => openProcess(process)}>
                        Open
                      </RowAction>
                    </HStack>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
    </ScreenFrame>
  );
};
