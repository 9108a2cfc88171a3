// The chart's drawing surface: a canvas drawn by drawChart, zoomed and panned with d3-zoom (wheel,
// drag, pinch, double-click); a press on a card chooses the person, a press on the badge under it
// collapses or expands their reports; the keyboard does the same as the pointer for the view: + and
// - zoom, the arrows pan, 0 fits the chart. Only the cards in view are drawn, once per animation
// frame at most; each drawing is a User Timing measure (e2e/bench/org-chart.mjs reads them).
import { Box, chakra } from '@chakra-ui/react';
import { select, zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3';
import { useCallback, useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { drawChart, type Marks } from '../utils/drawing';
import { CARD_HEIGHT, onToggle, personAt, type Layout } from '../utils/layout';
import type { People } from '../utils/people';

export interface FocusRequest {
  index: number;
  /** A new request for the same person centres them again. */
  nonce: number;
}

export interface OrgChartCanvasProps {
  people: People;
  layout: Layout;
  marks: Marks;
  onSelect: (index: number | null) => void;
  onToggle: (index: number) => void;
  focus: FocusRequest | null;
  label: string;
  height?: number;
}

export const DRAW_MEASURE = 'org-chart draw';
const SCALE_EXTENT: [number, number] = [0.02, 3];
const PAN_STEP = 80;
const FOCUS_MS = 400;

function fitTransform(layout: Layout, width: number, height: number): ZoomTransform {
  const { minX, minY, maxX, maxY } = layout.bounds;
  const pad = 40;
  const k = Math.min(1, Math.max(SCALE_EXTENT[0], Math.min((width - pad) / Math.max(1, maxX - minX), (height - pad) / Math.max(1, maxY - minY))));
  // The top of the chart at the top of the view: a wide chart is read from its head.
  return zoomIdentity.translate(width / 2 - k * ((minX + maxX) / 2), pad / 2 - k * minY).scale(k);
}

export function OrgChartCanvas({ people, layout, marks, onSelect, onToggle: toggle, focus, label, height = 640 }: OrgChartCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const zoomRef = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  const transformRef = useRef<ZoomTransform>(zoomIdentity);
  const frameRef = useRef<number | null>(null);
  const fittedRef = useRef(false);
  const [width, setWidth] = useState(960);

  // What the next frame draws: the latest props, read when the frame comes.
  const sceneRef = useRef({ people, layout, marks, width, height });
  sceneRef.current = { people, layout, marks, width, height };

  const draw = useCallback(() => {
    frameRef.current = null;
    const canvas = canvasRef.current;
    const context = canvas?.getContext?.('2d');
    if (!canvas || !context) return;
    const scene = sceneRef.current;
    const ratio = window.devicePixelRatio || 1;
    const started = performance.now();
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const t = transformRef.current;
    drawChart(context, scene.people, scene.layout, { x: t.x, y: t.y, k: t.k, width: scene.width, height: scene.height }, scene.marks);
    // Not every environment measures (jsdom); the bench reads these, a few thousand at most.
    performance.measure?.(DRAW_MEASURE, { start: started, end: performance.now() });
    if (performance.getEntriesByName?.(DRAW_MEASURE).length > 2000) performance.clearMeasures(DRAW_MEASURE);
  }, []);
  const schedule = useCallback(() => {
    if (frameRef.current === null) frameRef.current = requestAnimationFrame(draw);
  }, [draw]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas?.parentElement || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(320, Math.floor(entry.contentRect.width))));
    observer.observe(canvas.parentElement);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const behavior = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent(SCALE_EXTENT)
      .on('zoom', (event: { transform: ZoomTransform }) => {
        transformRef.current = event.transform;
        schedule();
      });
    zoomRef.current = behavior;
    select(canvas).call(behavior).on('dblclick.zoom', null);
    return () => {
      select(canvas).on('.zoom', null);
      if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
    };
  }, [schedule]);

  // The first layout is fitted; later ones (a collapse, an import) keep the view where it is.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !zoomRef.current) return;
    if (!fittedRef.current && layout.shown.length > 0) {
      fittedRef.current = true;
      select(canvas).call(zoomRef.current.transform, fitTransform(layout, width, height));
    }
    schedule();
  });

  const centre = useEffectEvent((request: FocusRequest) => {
    const canvas = canvasRef.current;
    if (!canvas || !zoomRef.current || Number.isNaN(layout.x[request.index])) return;
    const k = Math.max(transformRef.current.k, 0.8);
    const target = zoomIdentity.translate(width / 2 - k * layout.x[request.index], height / 2 - k * (layout.y[request.index] - CARD_HEIGHT)).scale(k);
    select(canvas).transition().duration(FOCUS_MS).call(zoomRef.current.transform, target);
  });
  // Only a new request moves the view.
  useEffect(() => {
    if (focus) centre(focus);
  }, [focus]);

  const press = (clientX: number, clientY: number) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const rect = canvas.getBoundingClientRect();
    const [px, py] = transformRef.current.invert([clientX - rect.left, clientY - rect.top]);
    const index = personAt(layout, px, py);
    if (index !== null && people.children[index].length > 0 && onToggle(layout, index, px, py)) toggle(index);
    else onSelect(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    const behavior = zoomRef.current;
    if (!canvas || !behavior) return;
    const view = select(canvas);
    const moves: Record<string, () => void> = {
      '+': () => view.call(behavior.scaleBy, 1.25),
      '=': () => view.call(behavior.scaleBy, 1.25),
      '-': () => view.call(behavior.scaleBy, 0.8),
      '0': () => view.call(behavior.transform, fitTransform(layout, width, height)),
      ArrowLeft: () => view.call(behavior.translateBy, PAN_STEP / transformRef.current.k, 0),
      ArrowRight: () => view.call(behavior.translateBy, -PAN_STEP / transformRef.current.k, 0),
      ArrowUp: () => view.call(behavior.translateBy, 0, PAN_STEP / transformRef.current.k),
      ArrowDown: () => view.call(behavior.translateBy, 0, -PAN_STEP / transformRef.current.k),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden" position="relative" bg="bg.subtle">
      <chakra.canvas
        ref={canvasRef}
        data-testid="org-chart-canvas"
        role="img"
        aria-label={label}
        tabIndex={0}
        width={Math.round(width * ratio)}
        height={Math.round(height * ratio)}
        style={{ width: `${width}px`, height: `${height}px`, display: 'block', cursor: 'grab', touchAction: 'none' }}
        onClick={(event) => press(event.clientX, event.clientY)}
        onKeyDown={onKeyDown}
      />
    </Box>
  );
}
