// The applications' priority plane drawn with d3 (axes) and SVG: placed applications are moved
// with d3-drag (mouse, pen and touch) or, focused, with the arrow keys (Shift for small steps);
// Delete takes one off. Applications dragged from the list (listRef) are dropped on the plot. The
// geometry is the shared plane's (@portal/shared planeGeometry), the same as the requirements'.
import { chakra } from '@chakra-ui/react';
import { type ApplicationPlanePoint, type PlaneApplication } from '@portal/shared';
import {
  describePlacement,
  dropPlacement,
  labelPlacement,
  nudgePlacement,
  PLANE_PLOT,
  plotInnerSize,
  toPixels,
  type Placement,
} from '@portal/shared/screens';
import { axisBottom, axisLeft, drag, scaleLinear, select } from 'd3';
import { useEffect, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import { SEVERITIES } from '../../../lib/types';

export const AXES = { x: 'risk', y: 'business criticality' } as const;

export interface DragState {
  id: string;
  title: string;
  fromList: boolean;
  px: number;
  py: number;
  clientX: number;
  clientY: number;
}

const SEVERITY_COLOR: Record<string, string> = { CRITICAL: '#9b1c1c', HIGH: '#dd6b20', MEDIUM: '#d69e2e', LOW: '#3182ce' };

/** The colour of an application's worst finding (grey without findings). */
export function worstColor(application: PlaneApplication): string {
  const worst = SEVERITIES.find((severity) => (application.vulnerabilities[severity] ?? 0) > 0);
  return (worst && SEVERITY_COLOR[worst]) ?? '#718096';
}

export function describeApplication(application: PlaneApplication): string {
  const counts = SEVERITIES.filter((severity) => (application.vulnerabilities[severity] ?? 0) > 0).map((severity) => `${application.vulnerabilities[severity]} ${severity.toLowerCase()}`);
  return counts.length === 0 ? 'no known vulnerabilities' : `${counts.join(', ')} vulnerabilities`;
}

export interface PlaneChartProps {
  points: readonly ApplicationPlanePoint[];
  byId: ReadonlyMap<string, PlaneApplication>;
  readOnly: boolean;
  selected: string | null;
  dragging: DragState | null;
  saving: boolean;
  listRef: RefObject<HTMLElement | null>;
  pointRefs: RefObject<Record<string, SVGGElement | null>>;
  onSelect: (id: string | null) => void;
  onDrag: (state: DragState | null) => void;
  onPlace: (application: PlaneApplication, placement: Placement) => void;
  onRemove: (application: PlaneApplication) => void;
}

function clientPoint(source: MouseEvent | TouchEvent | undefined): { clientX: number; clientY: number } | null {
  if (!source) return null;
  const at = 'touches' in source ? (source.touches[0] ?? source.changedTouches?.[0]) : source;
  return at ? { clientX: at.clientX ?? 0, clientY: at.clientY ?? 0 } : null;
}

export function PlaneChart({ points, byId, readOnly, selected, dragging, saving, listRef, pointRefs, onSelect, onDrag, onPlace, onRemove }: PlaneChartProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const xAxisRef = useRef<SVGGElement>(null);
  const yAxisRef = useRef<SVGGElement>(null);
  const handlers = useRef({ onSelect, onDrag, onPlace });
  handlers.current = { onSelect, onDrag, onPlace };
  const { width, height } = plotInnerSize();
  const x = useMemo(() => scaleLinear().domain([0, 1]).range([PLANE_PLOT.margin.left, PLANE_PLOT.margin.left + width]), [width]);
  const y = useMemo(() => scaleLinear().domain([0, 1]).range([PLANE_PLOT.margin.top + height, PLANE_PLOT.margin.top]), [height]);

  useEffect(() => {
    const percent = (value: unknown) => `${Math.round(Number(value) * 100)}%`;
    if (xAxisRef.current) select(xAxisRef.current).call(axisBottom(x).ticks(5).tickFormat(percent));
    if (yAxisRef.current) select(yAxisRef.current).call(axisLeft(y).ticks(5).tickFormat(percent));
  }, [x, y]);

  // d3-drag on the placed points and on the list's applications; positions in the chart's coordinates.
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
          const application = byId.get(id);
          handlers.current.onSelect(id);
          const at = clientPoint(event.sourceEvent) ?? { clientX: 0, clientY: 0 };
          current = { id, title: application ? `${application.name} (${application.app_key})` : id, fromList, px: event.x, py: event.y, ...at };
          handlers.current.onDrag(current);
        })
        .on('drag', (event) => {
          moved = true;
          if (!current) return;
          current = { ...current, px: event.x, py: event.y, ...(clientPoint(event.sourceEvent) ?? {}) };
          handlers.current.onDrag(current);
        })
        .on('end', function (event) {
          const id = (this as Element).getAttribute('data-drag-id')!;
          current = null;
          handlers.current.onDrag(null);
          if (!moved) return;
          const placement = dropPlacement(event.x, event.y, fromList);
          const application = byId.get(id);
          if (placement && application) handlers.current.onPlace(application, placement);
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
  }, [readOnly, byId, points, listRef]);

  const onPointKey = (point: ApplicationPlanePoint) => (event: KeyboardEvent) => {
    if (readOnly) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onSelect(null);
      onRemove(point.application);
      return;
    }
    const next = nudgePlacement(point, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onPlace(point.application, next);
  };

  const ghost = dragging && dragging.fromList ? dragging : null;
  const moving = dragging && !dragging.fromList ? dragging : null;
  return (
    <chakra.svg
      ref={svgRef}
      viewBox={`0 0 ${PLANE_PLOT.width} ${PLANE_PLOT.height}`}
      width="100%"
      maxW={`${PLANE_PLOT.width}px`}
      role="group"
      aria-label={`Priority plane: ${points.length} placed ${points.length === 1 ? 'application' : 'applications'}`}
      aria-busy={saving || undefined}
      borderWidth="1px"
      borderRadius="md"
      style={{ touchAction: 'none', userSelect: 'none' }}
    >
      <rect x={PLANE_PLOT.margin.left} y={PLANE_PLOT.margin.top} width={width} height={height} fill="transparent" stroke="#cbd5e0" />
      <line x1={x(0.5)} x2={x(0.5)} y1={y(0)} y2={y(1)} stroke="#cbd5e0" strokeDasharray="4 4" />
      <line x1={x(0)} x2={x(1)} y1={y(0.5)} y2={y(0.5)} stroke="#cbd5e0" strokeDasharray="4 4" />
      <g aria-hidden="true" fontSize={11} fill="#718096">
        <text x={x(0.98)} y={y(0.97)} textAnchor="end">Act first</text>
        <text x={x(0.02)} y={y(0.97)}>Keep safe</text>
        <text x={x(0.98)} y={y(0.02)} textAnchor="end">Reduce risk</text>
        <text x={x(0.02)} y={y(0.02)}>Watch</text>
      </g>
      <g ref={xAxisRef} transform={`translate(0 ${PLANE_PLOT.margin.top + height})`} aria-hidden="true" />
      <g ref={yAxisRef} transform={`translate(${PLANE_PLOT.margin.left} 0)`} aria-hidden="true" />
      <text x={PLANE_PLOT.margin.left + width / 2} y={PLANE_PLOT.height - 8} textAnchor="middle" fontSize={12} fontWeight={600}>
        Risk
      </text>
      <text transform={`translate(14 ${PLANE_PLOT.margin.top + height / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fontWeight={600}>
        Business criticality
      </text>
      {points.map((point) => {
        const { application } = point;
        const shown = moving && moving.id === application.id ? dropPlacement(moving.px, moving.py, false)! : point;
        const { px, py } = toPixels(shown);
        const isSelected = selected === application.id;
        return (
          <g
            key={application.id}
            ref={(element) => {
              pointRefs.current[application.id] = element;
            }}
            data-drag-id={readOnly ? undefined : application.id}
            data-testid={`plane-point-${application.app_key}`}
            data-x={shown.x}
            data-y={shown.y}
            transform={`translate(${px} ${py})`}
            role={readOnly ? 'img' : 'button'}
            tabIndex={0}
            aria-pressed={readOnly ? undefined : isSelected}
            aria-label={`${application.name} (${application.app_key}): ${describePlacement(shown, AXES)}; ${describeApplication(application)}`}
            onFocus={() => onSelect(application.id)}
            onClick={() => onSelect(application.id)}
            onKeyDown={onPointKey(point)}
            style={{ cursor: readOnly ? 'default' : 'grab', outline: 'none' }}
          >
            <title>{`${application.name} (${application.app_key}): ${describeApplication(application)}`}</title>
            <circle r={isSelected ? 10 : 8} fill={worstColor(application)} stroke={isSelected ? '#1a202c' : '#fff'} strokeWidth={isSelected ? 3 : 1.5} />
            <text {...labelPlacement(shown)} y={4} fontSize={11}>
              {application.app_key}
            </text>
          </g>
        );
      })}
      {ghost && <circle cx={ghost.px} cy={ghost.py} r={8} fill="#3182ce" opacity={0.5} pointerEvents="none" data-testid="drag-ghost" />}
    </chakra.svg>
  );
}
