// The chart drawn: on a canvas for the screen (only what the view holds; below READABLE_SCALE the
// cards are drawn as plain boxes, without text), and as a whole for the exports (SVG text, or the
// same canvas drawing onto a PNG). One card: the photo (initials), the name, the title, and the
// linked portal user; a badge under a manager collapses or expands their reports.
import type { Layout } from './layout';
import { CARD_HEIGHT, CARD_WIDTH, TOGGLE_RADIUS } from './layout';
import { initialsOf, type People } from './people';

export interface View {
  x: number;
  y: number;
  k: number;
  width: number;
  height: number;
}

export interface Marks {
  selected: number | null;
  /** The search's matches. */
  matches: ReadonlySet<number>;
  collapsed: ReadonlySet<number>;
}

/** Under this scale, text is too small to read: cards are boxes. */
export const READABLE_SCALE = 0.35;

const COLORS = {
  card: '#ffffff',
  border: '#cbd5e1',
  selected: '#2563eb',
  match: '#f59e0b',
  link: '#94a3b8',
  name: '#0f172a',
  title: '#475569',
  photo: '#e0e7ff',
  photoText: '#3730a3',
  user: '#047857',
};

/** The chart-space rectangle the view shows (with a card's margin). */
function viewBox(view: View) {
  return {
    minX: -view.x / view.k - CARD_WIDTH,
    maxX: (view.width - view.x) / view.k + CARD_WIDTH,
    minY: -view.y / view.k - CARD_HEIGHT,
    maxY: (view.height - view.y) / view.k + CARD_HEIGHT,
  };
}

/** Draws what `view` shows; answers how many cards were drawn. */
export function drawChart(context: CanvasRenderingContext2D, people: People, layout: Layout, view: View, marks: Marks): number {
  const box = viewBox(view);
  context.save();
  context.clearRect(0, 0, view.width, view.height);
  context.translate(view.x, view.y);
  context.scale(view.k, view.k);
  context.strokeStyle = COLORS.link;
  context.lineWidth = 1 / Math.max(view.k, 0.5);
  context.beginPath();
  for (const [from, to] of layout.links) {
    const x1 = layout.x[from];
    const y1 = layout.y[from] + CARD_HEIGHT / 2;
    const x2 = layout.x[to];
    const y2 = layout.y[to] - CARD_HEIGHT / 2;
    if (Math.max(x1, x2) < box.minX || Math.min(x1, x2) > box.maxX || y2 < box.minY || y1 > box.maxY) continue;
    const middle = (y1 + y2) / 2;
    context.moveTo(x1, y1);
    context.lineTo(x1, middle);
    context.lineTo(x2, middle);
    context.lineTo(x2, y2);
  }
  context.stroke();
  const readable = view.k >= READABLE_SCALE;
  let drawn = 0;
  for (const index of layout.shown) {
    const cx = layout.x[index];
    const cy = layout.y[index];
    if (cx < box.minX || cx > box.maxX || cy < box.minY || cy > box.maxY) continue;
    drawn += 1;
    drawCard(context, people, layout, index, marks, readable);
  }
  context.restore();
  return drawn;
}

function drawCard(context: CanvasRenderingContext2D, people: People, layout: Layout, index: number, marks: Marks, readable: boolean): void {
  const person = people.list[index];
  const left = layout.x[index] - CARD_WIDTH / 2;
  const top = layout.y[index] - CARD_HEIGHT / 2;
  context.fillStyle = COLORS.card;
  context.strokeStyle = marks.selected === index ? COLORS.selected : marks.matches.has(index) ? COLORS.match : COLORS.border;
  context.lineWidth = marks.selected === index || marks.matches.has(index) ? 3 : 1;
  context.beginPath();
  context.rect(left, top, CARD_WIDTH, CARD_HEIGHT);
  context.fill();
  context.stroke();
  const reports = people.children[index].length;
  if (reports > 0) {
    const bx = layout.x[index];
    const by = layout.y[index] + CARD_HEIGHT / 2;
    context.beginPath();
    context.arc(bx, by, TOGGLE_RADIUS, 0, Math.PI * 2);
    context.fillStyle = COLORS.card;
    context.fill();
    context.strokeStyle = COLORS.border;
    context.lineWidth = 1;
    context.stroke();
    if (readable) {
      context.fillStyle = COLORS.title;
      context.font = '600 11px system-ui, sans-serif';
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(marks.collapsed.has(index) ? String(reports) : '−', bx, by + 0.5);
    }
  }
  if (!readable) return;
  context.beginPath();
  context.arc(left + 30, top + CARD_HEIGHT / 2, 20, 0, Math.PI * 2);
  context.fillStyle = COLORS.photo;
  context.fill();
  context.fillStyle = COLORS.photoText;
  context.font = '600 14px system-ui, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(initialsOf(person.name), left + 30, top + CARD_HEIGHT / 2 + 1);
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';
  context.fillStyle = COLORS.name;
  context.font = '600 13px system-ui, sans-serif';
  context.fillText(clip(context, person.name, CARD_WIDTH - 66), left + 58, top + 24);
  context.fillStyle = COLORS.title;
  context.font = '12px system-ui, sans-serif';
  context.fillText(clip(context, person.title, CARD_WIDTH - 66), left + 58, top + 42);
  if (person.loginId) {
    context.fillStyle = COLORS.user;
    context.font = '11px system-ui, sans-serif';
    context.fillText(clip(context, `@${person.loginId}`, CARD_WIDTH - 66), left + 58, top + 59);
  }
}

/** The text cut with an ellipsis to `width` pixels (measured: names are proportional). */
function clip(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let end = text.length;
  while (end > 1 && context.measureText(`${text.slice(0, end)}…`).width > width) end -= Math.max(1, Math.floor((end * 0.15)));
  return `${text.slice(0, end)}…`;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const shortened = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The whole shown chart as an SVG document (the export). */
export function chartSvg(people: People, layout: Layout): string {
  const pad = 20;
  const { minX, minY, maxX, maxY } = layout.bounds;
  const width = Math.ceil(maxX - minX + 2 * pad);
  const height = Math.ceil(maxY - minY + 2 * pad + TOGGLE_RADIUS);
  const links = layout.links
    .map(([from, to]) => {
      const x1 = layout.x[from];
      const y1 = layout.y[from] + CARD_HEIGHT / 2;
      const x2 = layout.x[to];
      const y2 = layout.y[to] - CARD_HEIGHT / 2;
      const middle = (y1 + y2) / 2;
      return `M${x1} ${y1}V${middle}H${x2}V${y2}`;
    })
    .join('');
  const cards = layout.shown
    .map((index) => {
      const person = people.list[index];
      const left = layout.x[index] - CARD_WIDTH / 2;
      const top = layout.y[index] - CARD_HEIGHT / 2;
      const user = person.loginId ? `<text x="${left + 58}" y="${top + 59}" class="u">@${escapeXml(shortened(person.loginId, 24))}</text>` : '';
      return (
        `<g><title>${escapeXml(`${person.name}, ${person.title}`)}</title><rect x="${left}" y="${top}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" class="c"/>` +
        `<circle cx="${left + 30}" cy="${top + CARD_HEIGHT / 2}" r="20" class="p"/><text x="${left + 30}" y="${top + CARD_HEIGHT / 2 + 5}" class="i">${escapeXml(initialsOf(person.name))}</text>` +
        `<text x="${left + 58}" y="${top + 24}" class="n">${escapeXml(shortened(person.name, 22))}</text><text x="${left + 58}" y="${top + 42}" class="t">${escapeXml(shortened(person.title, 26))}</text>${user}</g>`
      );
    })
    .join('');
  const style =
    `.c{fill:${COLORS.card};stroke:${COLORS.border}}.p{fill:${COLORS.photo}}.i{fill:${COLORS.photoText};font:600 14px sans-serif;text-anchor:middle}` +
    `.n{fill:${COLORS.name};font:600 13px sans-serif}.t{fill:${COLORS.title};font:12px sans-serif}.u{fill:${COLORS.user};font:11px sans-serif}.l{fill:none;stroke:${COLORS.link}}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${minX - pad} ${minY - pad} ${width} ${height}" role="img" aria-label="Organization chart">` +
    `<style>${style}</style><path class="l" d="${links}"/>${cards}</svg>`
  );
}

/** The largest side of an exported PNG, in pixels (browsers refuse far larger canvases). */
export const PNG_MAX_SIDE = 8192;

/** The whole shown chart drawn on a new canvas of at most PNG_MAX_SIDE a side. */
export function chartCanvas(people: People, layout: Layout, marks: Marks): HTMLCanvasElement | null {
  const pad = 20;
  const { minX, minY, maxX, maxY } = layout.bounds;
  const chartWidth = maxX - minX + 2 * pad;
  const chartHeight = maxY - minY + 2 * pad + TOGGLE_RADIUS;
  const k = Math.min(1, PNG_MAX_SIDE / chartWidth, PNG_MAX_SIDE / chartHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(chartWidth * k));
  canvas.height = Math.max(1, Math.ceil(chartHeight * k));
  const context = canvas.getContext('2d');
  if (!context) return null;
  drawChart(context, people, layout, { x: (pad - minX) * k, y: (pad - minY) * k, k, width: canvas.width, height: canvas.height }, marks);
  // A white page under the drawing (a PNG is transparent otherwise).
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  return canvas;
}
