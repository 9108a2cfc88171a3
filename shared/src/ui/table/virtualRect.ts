// The scroll container's size for @tanstack/react-virtual: measured by the browser, with a
// fallback while it measures nothing (jsdom, a hidden tab), so some rows always render.
import { observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

const FALLBACK_RECT = { width: 1024, height: 640 };

export function observeRectWithFallback<T extends Element>(instance: Virtualizer<T, Element>, callback: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : FALLBACK_RECT));
}
