// Rows of one height, virtualized: the scroll container's ref and the virtualizer every long list
// of the remotes (the tables, the component and requirement trees) sets up the same way, and where
// each rendered row sits inside the container.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { observeRectWithFallback } from './virtualRect';

/** `count` rows of `rowHeight` px in the element `scrollRef` is given to, `overscan` beyond the view. */
export function useVirtualRows(count: number, rowHeight: number, overscan: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    observeElementRect: observeRectWithFallback,
  });
  return { scrollRef, virtualizer };
}

/** The style props of a rendered row: out of the flow, full width, at the virtualizer's offset. */
export function virtualRowPosition(start: number, rowHeight: number) {
  return {
    position: 'absolute',
    top: 0,
    left: 0,
    w: 'full',
    h: `${rowHeight}px`,
    transform: `translateY(${start}px)`,
  } as const;
}
