// A 2D context that records what is drawn (jsdom has no canvas): each stroke and fill with its
// colour, alpha and how many segments or shapes its path held, and the texts written. Test-only.

export interface Recorded {
  color: string;
  alpha: number;
  segments: number;
  shapes: number;
}

export function recordingContext() {
  const strokes: Recorded[] = [];
  const fills: Recorded[] = [];
  const texts: string[] = [];
  let segments = 0;
  let shapes = 0;
  const ctx = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    font: '',
    textBaseline: 'alphabetic',
    setTransform: () => undefined,
    clearRect: () => undefined,
    beginPath: () => {
      segments = 0;
      shapes = 0;
    },
    moveTo: () => undefined,
    lineTo: () => {
      segments += 1;
    },
    arc: () => {
      shapes += 1;
    },
    rect: () => {
      shapes += 1;
    },
    stroke() {
      strokes.push({ color: String(this.strokeStyle), alpha: this.globalAlpha, segments, shapes });
    },
    fill() {
      fills.push({ color: String(this.fillStyle), alpha: this.globalAlpha, segments, shapes });
    },
    fillText: (text: string) => {
      texts.push(text);
    },
    // About 11px system-ui.
    measureText: (text: string) => ({ width: text.length * 6.2 }),
  };
  return { ctx, strokes, fills, texts };
}
