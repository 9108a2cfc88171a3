// The requirements' priority plane (importance × urgency), drawn with d3. Editable: requirements
// are dragged from the side list onto the plane and moved on it (d3-drag: mouse, pen and touch),
// or, with the keyboard, chosen and moved with the arrow keys; every placement is saved with
// PUT /requirements/:id/plane. Read-only: an overview of every placed requirement by status.
import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Empty, QueryView, REQUIREMENT_STATUSES } from '@portal/shared';
import { axisBottom, axisLeft, drag, scaleLinear, select } from 'd3';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { STATUS_LABELS } from '../../components/labels';
import { statusColor } from '../../lib/statusColor';
import type { PlanePoint, Planes } from '../../types/analysis';
import { usePlanes } from './api/getPlanes';
import { usePlaneChanges } from './api/placeRequirement';
import { describePlacement, dropPlacement, innerSize, labelPlacement, nudge, PLOT, toPixels, type Placement } from './placement';

/** Chakra's `sm` breakpoint (30em): below it a dragged requirement shows its title in a preview. */
const SMALL_SCREEN = '(max-width: 29.99em)';

type Ref = Planes['unplaced'][number];

interface DragState {
  id: string;
  title: string;
  fromList: boolean;
  px: number;
  py: number;
  clientX: number;
  clientY: number;
}

function useSmallScreen(): boolean {
  const [small, setSmall] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(SMALL_SCREEN).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(SMALL_SCREEN);
    const onChange = () => setSmall(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return small;
}

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

function PlaneView({
  data,
  readOnly,
  onPlace,
  onRemove,
  saving,
}: {
  data: Planes;
  readOnly: boolean;
  onPlace: (ref: Ref | PlanePoint['requirement'], placement: Placement) => void;
  onRemove: (point: PlanePoint) => void;
  saving: boolean;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  const pointRefs = useRef<Record<string, SVGGElement | null>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState<DragState | null>(null);
  const [statusFilter, setStatusFilter] = useState<string>('');
  const small = useSmallScreen();
  const onPlaceRef = useRef(onPlace);
  onPlaceRef.current = onPlace;

  const { width, height } = innerSize();
  const x = useMemo(() => scaleLinear().domain([0, 1]).range([PLOT.margin.left, PLOT.margin.left + width]), [width]);
  const y = useMemo(() => scaleLinear().domain([0, 1]).range([PLOT.margin.top + height, PLOT.margin.top]), [height]);
  const points = data.placed.filter((point) => !statusFilter || point.requirement.status === statusFilter);
  const byId = useMemo(() => {
    const map = new Map<string, Ref | PlanePoint['requirement']>();
    for (const item of data.unplaced) map.set(item.id, item);
    for (const point of data.placed) map.set(point.requirement.id, point.requirement);
    return map;
  }, [data]);

  // The axes, drawn by d3 into their groups.
  useEffect(() => {
    const percent = (value: unknown) => `${Math.round(Number(value) * 100)}%`;
    if (xAxisRef.current) select(xAxisRef.current).call(axisBottom(x).ticks(5).tickFormat(percent));
    if (yAxisRef.current) select(yAxisRef.current).call(axisLeft(y).ticks(5).tickFormat(percent));
  }, [x, y]);

  // d3-drag on the placed points and on the list's requirements; positions in the chart's coordinates.
  useEffect(() => {
    const svg = svgRef.current;
    if (readOnly || !svg) return;
    const behaviour = (fromList: boolean) => {
      // A press without movement is a click (select, or place from the list), not a drop.
      let moved = false;
      return drag<Element, unknown>()
        .container(() => svg)
        // d3's own filter, and only events of a window (d3-drag disables text selection in it).
        .filter((event: MouseEvent) => !event.ctrlKey && !event.button && (event.type.startsWith('touch') || event.view != null))
        .on('start', function (event) {
          moved = false;
          const id = (this as Element).getAttribute('data-drag-id')!;
          const ref = byId.get(id);
          setSelected(id);
          const source = event.sourceEvent as MouseEvent | TouchEvent;
          const at = 'touches' in source && source.touches.length ? source.touches[0] : (source as MouseEvent);
          setDragging({ id, title: ref ? `${ref.code} ${ref.title}` : id, fromList, px: event.x, py: event.y, clientX: at.clientX ?? 0, clientY: at.clientY ?? 0 });
        })
        .on('drag', (event) => {
          moved = true;
          const source = event.sourceEvent as MouseEvent | TouchEvent;
          const at = 'touches' in source && source.touches.length ? source.touches[0] : (source as MouseEvent);
          setDragging((current) => (current ? { ...current, px: event.x, py: event.y, clientX: at?.clientX ?? current.clientX, clientY: at?.clientY ?? current.clientY } : current));
        })
        .on('end', function (event) {
          const id = (this as Element).getAttribute('data-drag-id')!;
          setDragging(null);
          if (!moved) return;
          const placement = dropPlacement(event.x, event.y, fromList);
          const ref = byId.get(id);
          if (placement && ref) onPlaceRef.current(ref, placement);
        });
    };
    const onPlot = select(svg).selectAll<Element, unknown>('[data-drag-id]');
    onPlot.call(behaviour(false));
    const onList = listRef.current ? select(listRef.current).selectAll<Element, unknown>('[data-drag-id]') : null;
    onList?.call(behaviour(true));
    return () => {
      onPlot.on('.drag', null);
      onList?.on('.drag', null);
    };
  }, [readOnly, byId, data]);

  const onPointKey = (point: PlanePoint) => (event: KeyboardEvent) => {
    if (readOnly) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      setSelected(null);
      onRemove(point);
      return;
    }
    const next = nudge(point, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onPlaceRef.current(point.requirement, next);
  };

  const placeFromList = (ref: Ref) => {
    onPlace(ref, { x: 0.5, y: 0.5 });
    setSelected(ref.id);
    // Focus the new point so the arrow keys move it at once.
    setTimeout(() => pointRefs.current[ref.id]?.focus(), 0);
  };

  const selectedPoint = data.placed.find((point) => point.requirement.id === selected) ?? null;
  const ghost = dragging && dragging.fromList ? dragging : null;
  const moving = dragging && !dragging.fromList ? dragging : null;

  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap={6} align="flex-start">
      {!readOnly && (
        <Box as="aside" minW={{ md: '16rem' }} maxW={{ md: '18rem' }} width="full" aria-labelledby="unplaced-heading">
          <Heading as="h2" size="sm" id="unplaced-heading" mb={2}>
            Unplaced requirements ({data.unplaced.length})
          </Heading>
          {data.unplaced.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              Every requirement is on the plane.
            </Text>
          ) : (
            <>
              <Text fontSize="xs" color="fg.muted" mb={2}>
                Drag a requirement onto the plane, or press it to place it in the middle and move it with the arrow keys.
              </Text>
              <chakra.ul ref={listRef} listStyleType="none" aria-label="Unplaced requirements" maxH="28rem" overflowY="auto">
                {data.unplaced.map((item) => (
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
                      aria-label={`Place ${item.code} ${item.title}`}
                      onClick={() => placeFromList(item)}
                    >
                      <Text as="span" fontWeight="semibold">{item.code}</Text>
                      <Text as="span" truncate>{item.title}</Text>
                    </Button>
                  </li>
                ))}
              </chakra.ul>
            </>
          )}
        </Box>
      )}
      <Box flex="1" width="full" minW={0}>
        {readOnly && (
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
        )}
        <chakra.svg
          ref={svgRef}
          viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
          width="100%"
          maxW={`${PLOT.width}px`}
          role="group"
          aria-label={`Priority plane: ${points.length} placed ${points.length === 1 ? 'requirement' : 'requirements'}`}
          aria-busy={saving || undefined}
          borderWidth="1px"
          borderRadius="md"
          style={{ touchAction: 'none', userSelect: 'none' }}
        >
          <rect x={PLOT.margin.left} y={PLOT.margin.top} width={width} height={height} fill="transparent" stroke="#cbd5e0" />
          <line x1={x(0.5)} x2={x(0.5)} y1={y(0)} y2={y(1)} stroke="#cbd5e0" strokeDasharray="4 4" />
          <line x1={x(0)} x2={x(1)} y1={y(0.5)} y2={y(0.5)} stroke="#cbd5e0" strokeDasharray="4 4" />
          <g aria-hidden="true" fontSize={11} fill="#718096">
            <text x={x(0.98)} y={y(0.97)} textAnchor="end">Do first</text>
            <text x={x(0.02)} y={y(0.97)}>Plan</text>
            <text x={x(0.98)} y={y(0.02)} textAnchor="end">Delegate</text>
            <text x={x(0.02)} y={y(0.02)}>Later</text>
          </g>
          <g ref={xAxisRef} transform={`translate(0 ${PLOT.margin.top + height})`} aria-hidden="true" />
          <g ref={yAxisRef} transform={`translate(${PLOT.margin.left} 0)`} aria-hidden="true" />
          <text x={PLOT.margin.left + width / 2} y={PLOT.height - 8} textAnchor="middle" fontSize={12} fontWeight={600}>
            Urgency
          </text>
          <text transform={`translate(14 ${PLOT.margin.top + height / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fontWeight={600}>
            Importance
          </text>
          {points.map((point) => {
            const shown = moving && moving.id === point.requirement.id ? dropPlacement(moving.px, moving.py, false)! : point;
            const { px, py } = toPixels(shown);
            const isSelected = selected === point.requirement.id;
            return (
              <g
                key={point.requirement.id}
                ref={(element) => {
                  pointRefs.current[point.requirement.id] = element;
                }}
                data-drag-id={readOnly ? undefined : point.requirement.id}
                data-testid={`plane-point-${point.requirement.code}`}
                data-x={shown.x}
                data-y={shown.y}
                transform={`translate(${px} ${py})`}
                role={readOnly ? 'img' : 'button'}
                tabIndex={0}
                aria-pressed={readOnly ? undefined : isSelected}
                aria-label={`${point.requirement.code} ${point.requirement.title}: ${describePlacement(shown)}`}
                onFocus={() => setSelected(point.requirement.id)}
                onClick={() => setSelected(point.requirement.id)}
                onKeyDown={onPointKey(point)}
                style={{ cursor: readOnly ? 'default' : 'grab', outline: 'none' }}
              >
                <title>{`${point.requirement.code} ${point.requirement.title} (${STATUS_LABELS[point.requirement.status] ?? point.requirement.status})`}</title>
                <circle r={isSelected ? 10 : 8} fill={statusColor(point.requirement.status)} stroke={isSelected ? '#1a202c' : '#fff'} strokeWidth={isSelected ? 3 : 1.5} />
                <text {...labelPlacement(shown)} y={4} fontSize={11}>
                  {point.requirement.code}
                </text>
              </g>
            );
          })}
          {ghost && (
            <circle cx={ghost.px} cy={ghost.py} r={8} fill="#3182ce" opacity={0.5} pointerEvents="none" data-testid="drag-ghost" />
          )}
        </chakra.svg>
        {!readOnly && (
          <HStack justify="space-between" mt={2} gap={3} flexWrap="wrap">
            <Text fontSize="xs" color="fg.muted">
              Keyboard: focus a requirement on the plane and move it with the arrow keys (Shift for small steps); Delete takes it off the plane.
            </Text>
            {selectedPoint && (
              <Button size="xs" variant="outline" onClick={() => {
                setSelected(null);
                onRemove(selectedPoint);
              }}>
                Remove {selectedPoint.requirement.code} from the plane
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
