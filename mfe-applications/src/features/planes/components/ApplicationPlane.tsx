// The applications' priority plane with the list of applications not on it yet. Same interaction as
// the requirements' planes: drag from the list onto the plane (mouse, pen or touch), drag on the
// plane, or press an application in the list to place it (at its suggested risk) and move it with
// the arrow keys; Delete or Remove takes it off. Below the small breakpoint a dragged application
// shows its name in a drag preview. Every placement is saved at once.
import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type ApplicationPlanes, type PlaneApplication } from '@portal/shared';
import { useSmallScreen, type Placement } from '@portal/shared/screens';
import { useMemo, useRef, useState } from 'react';
import { Empty, QueryView } from '../../../components/QueryStates';
import { useApplicationPlanes } from '../api/getApplicationPlanes';
import { usePlaceApplication } from '../api/placeApplication';
import { describeApplication, PlaneChart, worstColor, type DragState } from './PlaneChart';

function UnplacedList({ items, listRef, onPlace }: { items: readonly PlaneApplication[]; listRef: React.RefObject<HTMLUListElement | null>; onPlace: (item: PlaneApplication) => void }) {
  return (
    <Box as="aside" minW={{ md: '16rem' }} maxW={{ md: '18rem' }} width="full" aria-labelledby="unplaced-applications-heading">
      <Heading as="h2" size="sm" id="unplaced-applications-heading" mb={2}>
        Unplaced applications ({items.length})
      </Heading>
      {items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Every application is on the plane.
        </Text>
      ) : (
        <>
          <Text fontSize="xs" color="fg.muted" mb={2}>
            Drag an application onto the plane, or press it to place it at its suggested risk and move it with the arrow keys.
          </Text>
          <chakra.ul ref={listRef} listStyleType="none" aria-label="Unplaced applications" maxH="28rem" overflowY="auto">
            {items.map((item) => (
              <li key={item.id}>
                <Button
                  data-drag-id={item.id}
                  variant="outline"
                  size="sm"
                  width="full"
                  justifyContent="flex-start"
                  mb={1}
                  touchAction="none"
                  cursor="grab"
                  aria-label={`Place ${item.name} (${item.app_key})`}
                  title={`${describeApplication(item)}; suggested risk ${Math.round(item.suggested_risk * 100)}%`}
                  onClick={() => onPlace(item)}
                >
                  <Box as="span" w={3} h={3} borderRadius="full" bg={worstColor(item)} flexShrink={0} aria-hidden />
                  <Text as="span" fontWeight="semibold">
                    {item.app_key}
                  </Text>
                  <Text as="span" truncate color="fg.muted">
                    {item.name}
                  </Text>
                </Button>
              </li>
            ))}
          </chakra.ul>
        </>
      )}
    </Box>
  );
}

function PlaneView({ data, readOnly, onPlace, onRemove, saving }: { data: ApplicationPlanes; readOnly: boolean; onPlace: (application: PlaneApplication, placement: Placement) => void; onRemove: (application: PlaneApplication) => void; saving: boolean }) {
  const listRef = useRef<HTMLUListElement>(null);
  const pointRefs = useRef<Record<string, SVGGElement | null>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState<DragState | null>(null);
  const small = useSmallScreen();
  const byId = useMemo(() => {
    const map = new Map<string, PlaneApplication>();
    for (const item of data.unplaced) map.set(item.id, item);
    for (const point of data.placed) map.set(point.application.id, point.application);
    return map;
  }, [data]);
  const selectedPoint = data.placed.find((point) => point.application.id === selected) ?? null;

  const placeFromList = (item: PlaneApplication) => {
    onPlace(item, { x: item.suggested_risk, y: 0.5 });
    setSelected(item.id);
    // Focus the new point so the arrow keys move it at once.
    setTimeout(() => pointRefs.current[item.id]?.focus(), 0);
  };

  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap={6} align="flex-start">
      {!readOnly && <UnplacedList items={data.unplaced} listRef={listRef} onPlace={placeFromList} />}
      <Box flex="1" width="full" minW={0}>
        <PlaneChart
          points={data.placed}
          byId={byId}
          readOnly={readOnly}
          selected={selected}
          dragging={dragging}
          saving={saving}
          listRef={listRef}
          pointRefs={pointRefs}
          onSelect={setSelected}
          onDrag={setDragging}
          onPlace={onPlace}
          onRemove={onRemove}
        />
        {!readOnly && (
          <HStack justify="space-between" mt={2} gap={3} flexWrap="wrap">
            <Text fontSize="xs" color="fg.muted">
              Keyboard: focus an application on the plane and move it with the arrow keys (Shift for small steps); Delete takes it off the plane.
            </Text>
            {selectedPoint && (
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  setSelected(null);
                  onRemove(selectedPoint.application);
                }}
              >
                Remove {selectedPoint.application.app_key} from the plane
              </Button>
            )}
          </HStack>
        )}
      </Box>
      {dragging && small && (
        <Box
          role="status"
          aria-label="Drag preview"
          position="fixed"
          left={`${dragging.clientX + 12}px`}
          top={`${dragging.clientY - 36}px`}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          px={2}
          py={1}
          fontSize="sm"
          pointerEvents="none"
          zIndex="tooltip"
        >
          {dragging.title}
        </Box>
      )}
    </Stack>
  );
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
