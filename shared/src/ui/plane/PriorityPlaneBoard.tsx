// The priority plane both remotes draw (requirements: urgency × importance; applications: risk ×
// business criticality), with d3 for the axes and SVG for the rest. Editable: items are dragged
// from the side list onto the plane and moved on it (d3-drag: mouse, pen and touch), or pressed in
// the list (placed at their initial placement) and moved with the arrow keys (Shift for small
// steps); Delete or Remove takes one off. Below the small breakpoint a dragged item shows its name
// in a drag preview. What the items are, and how they are saved, is the caller's.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { axisBottom, axisLeft, drag, scaleLinear, select, type Axis, type NumberValue } from 'd3';
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import {
  axisTitlePositions,
  describePlacement,
  dropPlacement,
  labelPlacement,
  nudgePlacement,
  PLANE_FONT,
  PLANE_LABEL_FONT,
  PLANE_PLOT,
  PLANE_PLOT_SMALL,
  PLANE_TICK_PADDING,
  PLANE_TICK_SIZE,
  PLANE_TICKS,
  plotInnerSize,
  tickLabel,
  toPixels,
  type PlaneAxes,
  type Placement,
  type PlotBox,
} from './planeGeometry';
import { ChartTable } from '../chart/ChartTable';
import { UnplacedList } from './UnplacedList';
import { useSmallScreen } from './useSmallScreen';

/** An item on the plane. */
export interface PlanePoint<T> extends Placement {
  item: T;
}

/** The words of one plane. */
export interface PlaneWords {
  /** 'application', 'applications', 'an application'. */
  one: string;
  many: string;
  oneWithArticle: string;
  /** Read out with a placement ('risk 40%, business criticality 70%'); capitalised as axis titles. */
  axes: PlaneAxes;
  /** The quadrants' names: top right, top left, bottom right, bottom left. */
  quadrants: readonly [string, string, string, string];
  /** How the unplaced list is used. */
  listHint: string;
}

/** How the plane shows an item. */
export interface PlaneItemView<T> {
  id: (item: T) => string;
  /** The short name on the plane (and in test ids): a requirement code, an app key. */
  code: (item: T) => string;
  /** The name in the drag preview and the list button's label. */
  name: (item: T) => string;
  color: (item: T) => string;
  /** What a point says to screen readers after its name and placement (e.g. its findings). */
  detail?: (item: T) => string | undefined;
  /** The point's tooltip. */
  title: (item: T) => string;
  /** The content of the item's button in the unplaced list. */
  listItem: (item: T) => ReactNode;
  listTitle?: (item: T) => string | undefined;
  /** Where an item pressed in the list is put. */
  initialPlacement: (item: T) => Placement;
}

export interface PriorityPlaneBoardProps<T> {
  words: PlaneWords;
  view: PlaneItemView<T>;
  placed: readonly PlanePoint<T>[];
  /** The points drawn (a filter of `placed`); every placed point when absent. */
  shown?: readonly PlanePoint<T>[];
  unplaced: readonly T[];
  readOnly: boolean;
  saving: boolean;
  /** Shown above the chart (a legend, a filter). */
  legend?: ReactNode;
  onPlace: (item: T, placement: Placement) => void;
  onRemove: (item: T) => void;
}

interface DragState {
  id: string;
  title: string;
  fromList: boolean;
  px: number;
  py: number;
  clientX: number;
  clientY: number;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const percent = (value: number) => `${Math.round(value * 100)}%`;

function clientPoint(source: MouseEvent | TouchEvent | undefined): { clientX: number; clientY: number } | null {
  if (!source) return null;
  const at = 'touches' in source ? (source.touches[0] ?? source.changedTouches?.[0]) : source;
  return at ? { clientX: at.clientX ?? 0, clientY: at.clientY ?? 0 } : null;
}

/** The unplaced items by code in natural order (AC-2 before AC-14), narrowed by a search in their names. */
interface PlaneChartProps<T> {
  words: PlaneWords;
  view: PlaneItemView<T>;
  points: readonly PlanePoint<T>[];
  byId: ReadonlyMap<string, T>;
  readOnly: boolean;
  selected: string | null;
  dragging: DragState | null;
  saving: boolean;
  listRef: RefObject<HTMLElement | null>;
  /** The chart's view box: PLANE_PLOT, or PLANE_PLOT_SMALL on a phone. */
  box: PlotBox;
  pointRefs: RefObject<Record<string, SVGGElement | null>>;
  onSelect: (id: string | null) => void;
  onDrag: (state: DragState | null) => void;
  onPlace: (item: T, placement: Placement) => void;
  onRemove: (item: T) => void;
}

function PlaneChart<T>({ words, view, points, byId, readOnly, selected, dragging, saving, listRef, box, pointRefs, onSelect, onDrag, onPlace, onRemove }: PlaneChartProps<T>) {
  const svgRef = useRef<SVGSVGElement>(null);
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  const handlers = useRef({ onSelect, onDrag, onPlace });
  handlers.current = { onSelect, onDrag, onPlace };
  const { width, height } = plotInnerSize(box);
  const x = useMemo(() => scaleLinear().domain([0, 1]).range([box.margin.left, box.margin.left + width]), [box, width]);
  const y = useMemo(() => scaleLinear().domain([0, 1]).range([box.margin.top + height, box.margin.top]), [box, height]);

  // The ticks and their type size are the geometry's: the margins were made for these labels.
  useEffect(() => {
    const format = (value: unknown) => tickLabel(Number(value));
    const style = (axis: Axis<NumberValue>) => axis.tickValues([...PLANE_TICKS]).tickFormat(format).tickSize(PLANE_TICK_SIZE).tickPadding(PLANE_TICK_PADDING);
    if (xAxisRef.current) select(xAxisRef.current).call(style(axisBottom(x))).attr('font-size', PLANE_FONT.tick);
    if (yAxisRef.current) select(yAxisRef.current).call(style(axisLeft(y))).attr('font-size', PLANE_FONT.tick);
  }, [x, y]);
  const titles = axisTitlePositions(box);

  // d3-drag on the placed points and on the list's items; positions in the chart's coordinates.
  useEffect(() => {
    const svg = svgRef.current;
    if (readOnly || !svg) return;
    const behaviour = (fromList: boolean) => {
      // A press without movement is a click (select, or place from the list), not a drop.
      let moved = false;
      let current: DragState | null = null;
      return drag<Element, unknown>()
        .container(() => svg)
        // d3's own filter, and only events of a window (d3-drag disables text selection in it).
        .filter((event: MouseEvent) => !event.ctrlKey && !event.button && (event.type.startsWith('touch') || event.view != null))
        .on('start', function (event) {
          moved = false;
          const id = (this as Element).getAttribute('data-drag-id')!;
          const item = byId.get(id);
          handlers.current.onSelect(id);
          const at = clientPoint(event.sourceEvent) ?? { clientX: 0, clientY: 0 };
          current = { id, title: item === undefined ? id : view.name(item), fromList, px: event.x, py: event.y, ...at };
          handlers.current.onDrag(current);
        })
        .on('drag', (event) => {
          moved = true;
          if (!current) return;
          current = { ...current, px: event.x, py: event.y, ...clientPoint(event.sourceEvent) };
          handlers.current.onDrag(current);
        })
        .on('end', function (event) {
          const id = (this as Element).getAttribute('data-drag-id')!;
          current = null;
          handlers.current.onDrag(null);
          if (!moved) return;
          const placement = dropPlacement(event.x, event.y, fromList, box);
          const item = byId.get(id);
          if (placement && item !== undefined) handlers.current.onPlace(item, placement);
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
  }, [readOnly, byId, points, listRef, view, box]);

  const onPointKey = (point: PlanePoint<T>) => (event: KeyboardEvent) => {
    if (readOnly) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onSelect(null);
      onRemove(point.item);
      return;
    }
    const next = nudgePlacement(point, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onPlace(point.item, next);
  };

  const ghost = dragging && dragging.fromList ? dragging : null;
  const moving = dragging && !dragging.fromList ? dragging : null;
  const [topRight, topLeft, bottomRight, bottomLeft] = words.quadrants;
  return (
    <chakra.svg
      ref={svgRef}
      viewBox={`0 0 ${box.width} ${box.height}`}
      width="100%"
      maxW={`${box.width}px`}
      role="group"
      aria-label={`Priority plane: ${points.length} placed ${points.length === 1 ? words.one : words.many}`}
      aria-busy={saving || undefined}
      borderWidth="1px"
      borderRadius="md"
      style={{ touchAction: 'none', userSelect: 'none' }}
    >
      <rect x={box.margin.left} y={box.margin.top} width={width} height={height} fill="transparent" stroke="#cbd5e0" />
      <line x1={x(0.5)} x2={x(0.5)} y1={y(0)} y2={y(1)} stroke="#cbd5e0" strokeDasharray="4 4" />
      <line x1={x(0)} x2={x(1)} y1={y(0.5)} y2={y(0.5)} stroke="#cbd5e0" strokeDasharray="4 4" />
      <g aria-hidden="true" fontSize={11} fill="#718096">
        <text x={x(0.98)} y={y(0.97)} textAnchor="end">
          {topRight}
        </text>
        <text x={x(0.02)} y={y(0.97)}>{topLeft}</text>
        <text x={x(0.98)} y={y(0.02)} textAnchor="end">
          {bottomRight}
        </text>
        <text x={x(0.02)} y={y(0.02)}>{bottomLeft}</text>
      </g>
      <g ref={xAxisRef} transform={`translate(0 ${box.margin.top + height})`} aria-hidden="true" />
      <g ref={yAxisRef} transform={`translate(${box.margin.left} 0)`} aria-hidden="true" />
      <text x={titles.x.x} y={titles.x.y} textAnchor="middle" fontSize={PLANE_FONT.title} fontWeight={600}>
        {capitalised(words.axes.x)}
      </text>
      <text transform={`translate(${titles.y.x} ${titles.y.y}) rotate(-90)`} textAnchor="middle" fontSize={PLANE_FONT.title} fontWeight={600}>
        {capitalised(words.axes.y)}
      </text>
      {points.map((point) => {
        const id = view.id(point.item);
        const shown = moving && moving.id === id ? dropPlacement(moving.px, moving.py, false, box)! : point;
        const { px, py } = toPixels(shown, box);
        const isSelected = selected === id;
        const detail = view.detail?.(point.item);
        return (
          <Fragment key={id}>
            <g
              ref={(element) => {
                pointRefs.current[id] = element;
              }}
              data-drag-id={readOnly ? undefined : id}
              data-testid={`plane-point-${view.code(point.item)}`}
              data-x={shown.x}
              data-y={shown.y}
              transform={`translate(${px} ${py})`}
              role={readOnly ? 'img' : 'button'}
              tabIndex={0}
              aria-pressed={readOnly ? undefined : isSelected}
              aria-label={`${view.name(point.item)}: ${describePlacement(shown, words.axes)}${detail ? `; ${detail}` : ''}`}
              onFocus={() => onSelect(id)}
              onClick={() => onSelect(id)}
              onKeyDown={onPointKey(point)}
              style={{ cursor: readOnly ? 'default' : 'grab', outline: 'none' }}
            >
              <title>{view.title(point.item)}</title>
              <circle r={isSelected ? 10 : 8} fill={view.color(point.item)} stroke={isSelected ? '#1a202c' : '#fff'} strokeWidth={isSelected ? 3 : 1.5} />
            </g>
            {/* The code beside the point, outside it: a point's name need not hold its code (an app's
                name with its key in parentheses), and text inside a button must be in its name (WCAG 2.5.3). */}
            <text transform={`translate(${px} ${py})`} {...labelPlacement(shown, view.code(point.item), box)} y={4} fontSize={PLANE_LABEL_FONT} aria-hidden="true" pointerEvents="none">
              {view.code(point.item)}
            </text>
          </Fragment>
        );
      })}
      {ghost && <circle cx={ghost.px} cy={ghost.py} r={8} fill="#3182ce" opacity={0.5} pointerEvents="none" data-testid="drag-ghost" />}
    </chakra.svg>
  );
}

export function PriorityPlaneBoard<T>({ words, view, placed, shown = placed, unplaced, readOnly, saving, legend, onPlace, onRemove }: PriorityPlaneBoardProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const pointRefs = useRef<Record<string, SVGGElement | null>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState<DragState | null>(null);
  const small = useSmallScreen();
  const byId = useMemo(() => {
    const map = new Map<string, T>();
    for (const item of unplaced) map.set(view.id(item), item);
    for (const point of placed) map.set(view.id(point.item), point.item);
    return map;
  }, [placed, unplaced, view]);
  const selectedPoint = placed.find((point) => view.id(point.item) === selected) ?? null;

  const placeFromList = (item: T) => {
    const id = view.id(item);
    onPlace(item, view.initialPlacement(item));
    setSelected(id);
    // Focus the new point so the arrow keys move it at once.
    setTimeout(() => pointRefs.current[id]?.focus(), 0);
  };

  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap={6} align="flex-start">
      {!readOnly && <UnplacedList words={words} view={view} items={unplaced} listRef={listRef} onPlace={placeFromList} />}
      <Box flex="1" width="full" minW={0}>
        {legend}
        <PlaneChart
          words={words}
          view={view}
          points={shown}
          byId={byId}
          readOnly={readOnly}
          selected={selected}
          dragging={dragging}
          saving={saving}
          listRef={listRef}
          box={small ? PLANE_PLOT_SMALL : PLANE_PLOT}
          pointRefs={pointRefs}
          onSelect={setSelected}
          onDrag={setDragging}
          onPlace={onPlace}
          onRemove={onRemove}
        />
        {/* The plane's text alternative beside its summary: the placed items and their coordinates. */}
        <ChartTable
          caption={`${capitalised(words.many)} on the priority plane`}
          headers={[capitalised(words.one), capitalised(words.axes.x), capitalised(words.axes.y), 'Details']}
          rows={shown.map((point) => [view.name(point.item), percent(point.x), percent(point.y), view.detail?.(point.item) ?? '—'])}
        />
        {!readOnly && (
          <HStack justify="space-between" mt={2} gap={3} flexWrap="wrap">
            <Text fontSize="xs" color="fg.muted">
              Keyboard: focus {words.oneWithArticle} on the plane and move it with the arrow keys (Shift for small steps); Delete takes it off the plane.
            </Text>
            {selectedPoint && (
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  setSelected(null);
                  onRemove(selectedPoint.item);
                }}
              >
                Remove {view.code(selectedPoint.item)} from the plane
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
