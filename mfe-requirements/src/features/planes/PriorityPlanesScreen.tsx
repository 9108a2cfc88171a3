// /requirements/priorityPlanes (placing requirements) and /priorityPlanes (analytics: the same
// plane, read-only, every placed requirement by status).
import { Empty, ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { Text } from '@chakra-ui/react';
import { useCurrentGraph } from '../../lib/graph';
import { P } from '../../lib/permissions';
import { PriorityPlane } from './PriorityPlane';

export const PriorityPlanesScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const canUpdate = usePermitted(P.UPDATE_REQUIREMENT);
  return (
    <ScreenFrame route={route}>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to see its priority plane." />
      ) : (
        <>
          {!canUpdate && <Text fontSize="sm" color="fg.muted" mb={3}>You may look at the plane; placing requirements needs the update permission.</Text>}
          <PriorityPlane graph={graph} readOnly={!canUpdate} />
        </>
      )}
    </ScreenFrame>
  );
};

export const PriorityPlanesOverviewScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  return (
    <ScreenFrame route={route}>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to see its priority plane." />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" mb={3}>
            Where the process's requirements stand on importance and urgency, by status. Choose a status to show only its requirements.
          </Text>
          <PriorityPlane graph={graph} readOnly />
        </>
      )}
    </ScreenFrame>
  );
};
