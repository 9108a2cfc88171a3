// /applications/priorityPlanes: the process's applications on risk × business criticality. Who may
// update applications places them; everyone else sees the plane read-only.
import { Text } from '@chakra-ui/react';
import { ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { Empty } from '../../../components/QueryStates';
import { useWorkingScope } from '../../../lib/graph';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { ApplicationPlane } from './ApplicationPlane';

export const ApplicationPlanesScreen: ScreenComponent = ({ route }) => {
  const { graph } = useWorkingScope();
  const canPlace = usePermitted(APPLICATION_PERMISSIONS.UPDATE);
  return (
    <ScreenFrame route={route}>
      {graph === undefined ? (
        <Empty title="No process selected" description="The priority plane shows the applications of one process: choose a process first." />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" mb={3}>
            Where the process's applications stand on risk and business criticality. Colours show each application's worst known vulnerability.
            {canPlace ? '' : ' You may look at the plane; placing applications needs the permission to update them.'}
          </Text>
          <ApplicationPlane graph={graph} readOnly={!canPlace} />
        </>
      )}
    </ScreenFrame>
  );
};
