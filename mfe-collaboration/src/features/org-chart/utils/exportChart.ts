// The chart saved as a file: SVG (text, the cards of the people shown) or PNG (the same drawing
// rasterized, at most PNG_MAX_SIDE pixels a side).
import { chartCanvas, chartSvg, type Marks } from './drawing';
import type { Layout } from './layout';
import type { People } from './people';

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function exportSvg(people: People, layout: Layout, name = 'org-chart.svg'): void {
  save(new Blob([chartSvg(people, layout)], { type: 'image/svg+xml' }), name);
}

/** Resolves once saved; rejects when the browser cannot draw it. */
export function exportPng(people: People, layout: Layout, marks: Marks, name = 'org-chart.png'): Promise<void> {
  const canvas = chartCanvas(people, layout, marks);
  if (!canvas) return Promise.reject(new Error('This browser cannot draw the chart as an image.'));
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => {
      if (!blob) {
        reject(new Error('The chart is too large to save as an image: save it as SVG.'));
        return;
      }
      save(blob, name);
      resolve();
    }, 'image/png'),
  );
}
