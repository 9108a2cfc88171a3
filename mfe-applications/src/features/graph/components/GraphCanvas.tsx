// The graph view's drawing surface: a canvas drawn by drawScene, zoomed and panned with d3-zoom
// (wheel, drag, pinch, double-click), a press on a component chooses it (d3-quadtree finds the
// nearest), and the keyboard does the same as the pointer: + and - zoom, the arrows pan, 0 fits the
// whole graph. Drawing is coalesced to one per animation frame. While the view moves, a view that
// holds thousands of components and edges is not drawn again each frame: the last drawing of it is
// moved and scaled (like a map), and the graph is drawn again once the view rests — rasterizing
// 5,000 components and 10,000 edges takes a frame or several where the canvas has no GPU.
import { Box, chakra, Text } from '@chakra-ui/react';
import { interpolateZoom, quadtree, select, zoom, zoomIdentity, type Quadtree, type ZoomBehavior, type ZoomTransform } from 'd3';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RootPaths } from '../utils/paths';
import { countInView, drawScene, fitView, nodeLabel, RADIUS, type Scene, type View } from '../utils/scene';
import { plural } from '../../../lib/format';

export interface FocusRequest {
  node: number;
  /** A new request for the same node centres it again. */
  nonce: number;
}

export interface GraphCanvasProps {
  scene: Scene;
  highlight: RootPaths | null;
  selected: number | null;
  onSelect: (node: number | null) => void;
  focus: FocusRequest | null;
  label: string;
  height?: number;
}

const SCALE_EXTENT: [number, number] = [0.01, 12];
const PAN_STEP = 80;
const FOCUS_MS = 350;
/** User Timing entries of each draw: what the browser bench reads (e2e/bench/graph.mjs). */
export const DRAW_MEASURE = 'graph-view draw';
/** A view holding more edges and components than this is moved as a picture while it moves. */
const HEAVY_VIEW = 2000;
/** The view rests when it has not moved for this long: the graph is drawn again. */
const REST_MS = 150;

/** The last drawing of a heavy view, and what it showed. */
interface Snapshot {
  canvas: HTMLCanvasElement;
  transform: ZoomTransform;
  scene: Scene;
  highlight: RootPaths | null;
  selected: number | null;
  width: number;
  height: number;
  ratio: number;
}

function fitTransform(scene: Scene, width: number, height: number): ZoomTransform {
  const { x, y, k } = fitView(scene.layout.bounds, width, height, SCALE_EXTENT[0]);
  return zoomIdentity.translate(x, y).scale(k);
}

export function GraphCanvas({ scene, highlight, selected, onSelect, focus, label, height = 620 }: GraphCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const transform = useRef<ZoomTransform>(zoomIdentity);
  const zoomRef = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  const frame = useRef<number | null>(null);
  const [width, setWidth] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);
  const state = useRef({ scene, highlight, selected, hovered, width, height });
  state.current = { scene, highlight, selected, hovered, width, height };

  const tree: Quadtree<number> = useMemo(
    () =>
      quadtree<number>()
        .x((i) => scene.layout.x[i])
        .y((i) => scene.layout.y[i])
        .addAll(Array.from({ length: scene.nodes.length }, (_, i) => i)),
    [scene],
  );

  const snapshot = useRef<Snapshot | null>(null);
  const moved = useRef(0);
  const rest = useRef<ReturnType<typeof setTimeout> | null>(null);

  const draw = useCallback(() => {
    frame.current = null;
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    const current = state.current;
    if (!canvas || !context || current.width === 0) return;
    const start = performance.now();
    const t = transform.current;
    const ratio = window.devicePixelRatio || 1;
    const view: View = {
      x: t.x,
      y: t.y,
      k: t.k,
      width: current.width,
      height: current.height,
      pixelRatio: ratio,
      highlight: current.highlight,
      selected: current.selected,
      hovered: current.hovered,
    };
    const shot = snapshot.current;
    const moving = start - moved.current < REST_MS;
    if (
      moving &&
      shot &&
      shot.scene === current.scene &&
      shot.highlight === current.highlight &&
      shot.selected === current.selected &&
      shot.width === current.width &&
      shot.height === current.height &&
      shot.ratio === ratio &&
      countInView(current.scene, view) > HEAVY_VIEW
    ) {
      // screen = world × k + t, and the picture's pixels = (world × k₀ + t₀) × ratio.
      const scale = t.k / shot.transform.k;
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.setTransform(scale, 0, 0, scale, (t.x - shot.transform.x * scale) * ratio, (t.y - shot.transform.y * scale) * ratio);
      context.globalAlpha = 1;
      context.drawImage(shot.canvas, 0, 0);
    } else {
      const stats = drawScene(context, current.scene, view);
      if (stats.edges + stats.nodes > HEAVY_VIEW) {
        const picture = shot?.canvas ?? document.createElement('canvas');
        picture.width = canvas.width;
        picture.height = canvas.height;
        picture.getContext('2d')?.drawImage(canvas, 0, 0);
        snapshot.current = { canvas: picture, transform: t, scene: current.scene, highlight: current.highlight, selected: current.selected, width: current.width, height: current.height, ratio };
      } else snapshot.current = null;
    }
    performance.measure?.(DRAW_MEASURE, { start });
    if (performance.getEntriesByName?.(DRAW_MEASURE).length > 2000) performance.clearMeasures(DRAW_MEASURE);
  }, []);
  const schedule = useCallback(() => {
    if (frame.current === null) frame.current = requestAnimationFrame(draw);
  }, [draw]);

  // The canvas follows its box's width; its backing store has the screen's pixel density.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(Math.floor(box.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    schedule();
  }, [width, height, schedule]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const behaviour = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent(SCALE_EXTENT)
      .on('zoom', (event: { transform: ZoomTransform }) => {
        transform.current = event.transform;
        moved.current = performance.now();
        if (rest.current !== null) clearTimeout(rest.current);
        rest.current = setTimeout(() => {
          rest.current = null;
          schedule();
        }, REST_MS);
        schedule();
      });
    zoomRef.current = behaviour;
    select(canvas).call(behaviour);
    return () => {
      select(canvas).on('.zoom', null);
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      if (rest.current !== null) clearTimeout(rest.current);
      frame.current = null;
      rest.current = null;
    };
  }, [schedule]);

  // A new graph (or a first size) shows the whole of it. Only then: a resize keeps the user's
  // zoom, so the size is read when it happens rather than being a reason to fit again.
  const fitWhole = useEffectEvent((shown: Scene) => {
    const canvas = canvasRef.current;
    if (!canvas || !zoomRef.current || width === 0) return;
    zoomRef.current.transform(select(canvas), fitTransform(shown, width, height));
  });
  const measured = width > 0;
  useEffect(() => {
    if (measured) fitWhole(scene);
  }, [scene, measured]);

  useEffect(schedule, [highlight, selected, hovered, schedule]);

  // Centre the requested component, zooming in to where its label shows. A request is acted on
  // once: the graph's size or a resize is read, not a reason to repeat it.
  const centre = useEffectEvent((request: FocusRequest): (() => void) | undefined => {
    const canvas = canvasRef.current;
    const behaviour = zoomRef.current;
    if (!canvas || !behaviour || width === 0) return undefined;
    const from = transform.current;
    const k = Math.max(from.k, 1.2);
    const [nx, ny] = [scene.layout.x[request.node], scene.layout.y[request.node]];
    const interpolate = interpolateZoom([(width / 2 - from.x) / from.k, (height / 2 - from.y) / from.k, width / from.k], [nx, ny, width / k]);
    const started = performance.now();
    let animation = 0;
    const step = () => {
      const t = Math.min(1, (performance.now() - started) / FOCUS_MS);
      const [cx, cy, size] = interpolate(t);
      const scale = width / size;
      behaviour.transform(select(canvas), zoomIdentity.translate(width / 2 - cx * scale, height / 2 - cy * scale).scale(scale));
      if (t < 1) animation = requestAnimationFrame(step);
    };
    animation = requestAnimationFrame(step);
    return () => cancelAnimationFrame(animation);
  });
  useEffect(() => (focus ? centre(focus) : undefined), [focus]);

  const nodeAt = (clientX: number, clientY: number): number | null => {
    const canvas = canvasRef.current;
    if (!canvas) return null;
    const rect = canvas.getBoundingClientRect();
    const [wx, wy] = transform.current.invert([clientX - rect.left, clientY - rect.top]);
    const found = tree.find(wx, wy, Math.max(RADIUS * 2, 8 / transform.current.k));
    return found ?? null;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const canvas = canvasRef.current;
    const behaviour = zoomRef.current;
    if (!canvas || !behaviour) return;
    const target = select(canvas);
    const k = transform.current.k;
    const actions: Record<string, () => void> = {
      '+': () => behaviour.scaleBy(target, 1.25),
      '=': () => behaviour.scaleBy(target, 1.25),
      '-': () => behaviour.scaleBy(target, 0.8),
      ArrowLeft: () => behaviour.translateBy(target, PAN_STEP / k, 0),
      ArrowRight: () => behaviour.translateBy(target, -PAN_STEP / k, 0),
      ArrowUp: () => behaviour.translateBy(target, 0, PAN_STEP / k),
      ArrowDown: () => behaviour.translateBy(target, 0, -PAN_STEP / k),
      '0': () => behaviour.transform(target, fitTransform(scene, width, height)),
      Escape: () => onSelect(null),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Box ref={boxRef} position="relative" width="full" borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg">
      <chakra.canvas
        ref={canvasRef}
        display="block"
        width="full"
        style={{ height: `${height}px`, touchAction: 'none', cursor: hovered === null ? 'grab' : 'pointer' }}
        tabIndex={0}
        role="img"
        aria-label={label}
        aria-describedby="graph-view-keys"
        data-testid="dependency-graph"
        data-highlighted={highlight ? highlight.nodeCount : 0}
        onKeyDown={onKeyDown}
        onClick={(event) => onSelect(nodeAt(event.clientX, event.clientY))}
        onMouseMove={(event) => {
          const found = nodeAt(event.clientX, event.clientY);
          if (found !== hovered) setHovered(found);
        }}
        onMouseLeave={() => setHovered(null)}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
      />
      {hovered !== null && (
        <Text position="absolute" top={2} left={2} px={2} py={1} fontSize="xs" bg="bg.panel" borderWidth="1px" borderRadius="sm" pointerEvents="none" data-testid="graph-hover">
          {nodeLabel(scene.nodes[hovered])}
          {scene.nodes[hovered].severity ? ` — ${plural(scene.nodes[hovered].vulnerabilities.length, 'vulnerability', 'vulnerabilities')}, ${scene.nodes[hovered].severity}` : ''}
        </Text>
      )}
      <Text id="graph-view-keys" position="absolute" bottom={1} right={2} fontSize="xs" color="fg.muted" bg="bg" px={1}>
        Drag or arrow keys to pan · wheel, pinch or +/− to zoom · 0 fits the graph · press a component to choose it
      </Text>
    </Box>
  );
}
