// The applications' priority plane (risk × business criticality) with the list of applications
// not on it yet: the shared PriorityPlaneBoard (the requirements' planes use it too), an
// application pressed in the list placed at its suggested risk. Every placement is saved at once.
import { Box, Text } from '@chakra-ui/react';
import { type ApplicationPlanes, type PlaneApplication } from '@portal/shared';
import { PriorityPlaneBoard, type PlaneItemView, type PlaneWords, type Placement } from '@portal/shared/screens';
import { useMemo } from 'react';
import { Empty, QueryView } from '../../../components/QueryStates';
import { SEVERITIES } from '../../../lib/types';
import { useApplicationPlanes } from '../api/getApplicationPlanes';
import { usePlaceApplication } from '../api/placeApplication';

const SEVERITY_COLOR: Record<string, string> = { CRITICAL: '#9b1c1c', HIGH: '#dd6b20', MEDIUM: '#d69e2e', LOW: '#3182ce' };

/** The colour of an application's worst finding (grey without findings). */
function worstColor(application: PlaneApplication): string {
  const worst = SEVERITIES.find((severity) => (application.vulnerabilities[severity] ?? 0) > 0);
  return (worst && SEVERITY_COLOR[worst]) ?? '#718096';
}

function describeApplication(application: PlaneApplication): string {
  const counts = SEVERITIES.filter((severity) => (application.vulnerabilities[severity] ?? 0) > 0).map((severity) => `${application.vulnerabilities[severity]} ${severity.toLowerCase()}`);
  const total = SEVERITIES.reduce((sum, severity) => sum + (application.vulnerabilities[severity] ?? 0), 0);
  return counts.length === 0 ? 'no known vulnerabilities' : `${counts.join(', ')} ${total === 1 ? 'vulnerability' : 'vulnerabilities'}`;
}

const WORDS: PlaneWords = {
  one: 'application',
  many: 'applications',
  oneWithArticle: 'an application',
  axes: { x: 'risk', y: 'business criticality' },
  quadrants: ['Act first', 'Keep safe', 'Reduce risk', 'Watch'],
  listHint: 'Drag an application onto the plane, or press it to place it at its suggested risk and move it with the arrow keys.',
};

const VIEW: PlaneItemView<PlaneApplication> = {
  id: (application) => application.id,
  code: (application) => application.app_key,
  name: (application) => `${application.name} (${application.app_key})`,
  color: worstColor,
  detail: describeApplication,
  title: (application) => `${application.name} (${application.app_key}): ${describeApplication(application)}`,
  listItem: (application) => (
    <>
      <Box as="span" w={3} h={3} borderRadius="full" bg={worstColor(application)} flexShrink={0} aria-hidden />
      <Text as="span" fontWeight="semibold">
        {application.app_key}
      </Text>{' '}
      <Text as="span" truncate color="fg.muted">
        {application.name}
      </Text>
    </>
  ),
  listTitle: (application) => `${describeApplication(application)}; suggested risk ${Math.round(application.suggested_risk * 100)}%`,
  initialPlacement: (application) => ({ x: application.suggested_risk, y: 0.5 }),
};

function PlaneView({ data, readOnly, onPlace, onRemove, saving }: { data: ApplicationPlanes; readOnly: boolean; onPlace: (application: PlaneApplication, placement: Placement) => void; onRemove: (application: PlaneApplication) => void; saving: boolean }) {
  const placed = useMemo(() => data.placed.map(({ application, x, y }) => ({ item: application, x, y })), [data.placed]);
  return <PriorityPlaneBoard words={WORDS} view={VIEW} placed={placed} unplaced={data.unplaced} readOnly={readOnly} saving={saving} onPlace={onPlace} onRemove={onRemove} />;
}

export function ApplicationPlane({ graph, readOnly }: { graph: string; readOnly: boolean }) {
  const planes = useApplicationPlanes(graph);
  const save = usePlaceApplication(graph);
  return (
    <QueryView query={planes} loading="Loading the priority plane…">
      {(data) =>
        data.placed.length === 0 && data.unplaced.length === 0 ? (
          <Empty title="No applications yet" description="Applications of the process appear here once it has some (Security Posture)." />
        ) : (
          <PlaneView
            data={data}
            readOnly={readOnly}
            saving={save.isPending}
            onPlace={(application, placement) => save.mutate({ application, placement })}
            onRemove={(application) => save.mutate({ application, placement: null })}
          />
        )
      }
    </QueryView>
  );
}
