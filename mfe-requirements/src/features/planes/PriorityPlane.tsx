// The requirements' priority plane (importance × urgency): the shared PriorityPlaneBoard (the
// applications' plane uses it too). Editable: requirements are dragged from the side list onto
// the plane and moved on it, or chosen and moved with the arrow keys; every placement is saved
// with PUT /requirements/:id/plane. Read-only: an overview of every placed requirement by status.
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Empty, QueryView, REQUIREMENT_STATUSES } from '@portal/shared';
import { PriorityPlaneBoard, type PlaneItemView, type PlaneWords } from '@portal/shared/screens';
import { useMemo, useState } from 'react';
import { STATUS_LABELS } from '../../components/labels';
import { statusColor } from '../../lib/statusColor';
import type { PlanePoint, Planes } from '../../types/analysis';
import { usePlanes } from './api/getPlanes';
import { usePlaneChanges } from './api/placeRequirement';
import type { Placement } from './placement';

type Ref = Planes['unplaced'][number];

export interface PriorityPlaneProps {
  graph: string;
  readOnly?: boolean;
}

export function PriorityPlane({ graph, readOnly = false }: PriorityPlaneProps) {
  const planes = usePlanes(graph);
  const { place, remove: unplace, saving } = usePlaneChanges(graph);

  return (
    <QueryView query={planes} loading="Loading the priority plane…">
      {(data) =>
        data.placed.length === 0 && data.unplaced.length === 0 ? (
          <Empty title="No requirements yet" description="Requirements appear here once the process has some." />
        ) : (
          <PlaneView data={data} readOnly={readOnly} onPlace={place} onRemove={unplace} saving={saving} />
        )
      }
    </QueryView>
  );
}

const WORDS: PlaneWords = {
  one: 'requirement',
  many: 'requirements',
  oneWithArticle: 'a requirement',
  axes: { x: 'urgency', y: 'importance' },
  quadrants: ['Do first', 'Plan', 'Delegate', 'Later'],
  listHint: 'Drag a requirement onto the plane, or press it to place it in the middle and move it with the arrow keys.',
};

type PlaneItem = Ref | PlanePoint['requirement'];

const VIEW: PlaneItemView<PlaneItem> = {
  id: (item) => item.id,
  code: (item) => item.code,
  name: (item) => `${item.code} ${item.title}`,
  color: (item) => statusColor(item.status ?? 'DRAFT'),
  title: (item) => {
    const status = item.status ?? 'DRAFT';
    return `${item.code} ${item.title} (${STATUS_LABELS[status] ?? status})`;
  },
  listItem: (item) => (
    <>
      <Text as="span" fontWeight="semibold">
        {item.code}
      </Text>{' '}
      <Text as="span" truncate>
        {item.title}
      </Text>
    </>
  ),
  initialPlacement: () => ({ x: 0.5, y: 0.5 }),
};

function PlaneView({
  data,
  readOnly,
  onPlace,
  onRemove,
  saving,
}: {
  data: Planes;
  readOnly: boolean;
  onPlace: (ref: PlaneItem, placement: Placement) => void;
  onRemove: (point: PlanePoint) => void;
  saving: boolean;
}) {
  const [statusFilter, setStatusFilter] = useState<string>('');
  const placed = useMemo(() => data.placed.map((point) => ({ item: point.requirement as PlaneItem, x: point.x, y: point.y })), [data.placed]);
  const shown = useMemo(() => placed.filter((point) => !statusFilter || (point.item as PlanePoint['requirement']).status === statusFilter), [placed, statusFilter]);
  const legend = readOnly && (
    <HStack gap={3} mb={2} flexWrap="wrap" as="ul" listStyleType="none" aria-label="Status legend">
      {REQUIREMENT_STATUSES.map((status) => (
        <HStack as="li" key={status} gap={1}>
          <Button
            size="xs"
            variant={statusFilter === status ? 'solid' : 'ghost'}
            aria-pressed={statusFilter === status}
            onClick={() => setStatusFilter((current) => (current === status ? '' : status))}
          >
            <Box as="span" w={3} h={3} borderRadius="full" bg={statusColor(status)} display="inline-block" />
            {STATUS_LABELS[status]} ({data.placed.filter((point) => point.requirement.status === status).length})
          </Button>
        </HStack>
      ))}
    </HStack>
  );
  const remove = (item: PlaneItem) => {
    const point = data.placed.find((candidate) => candidate.requirement.id === item.id);
    if (point) onRemove(point);
  };
  return (
    <PriorityPlaneBoard
      words={WORDS}
      view={VIEW}
      placed={placed}
      shown={shown}
      unplaced={data.unplaced}
      readOnly={readOnly}
      saving={saving}
      legend={legend}
      onPlace={onPlace}
      onRemove={remove}
    />
  );
}
