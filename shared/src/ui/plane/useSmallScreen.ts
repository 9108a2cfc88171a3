// Spec 2.3/9: below the small breakpoint a dragged item shows its title in a drag preview, and
// touch-sized screens drag by touch. Chakra's `sm` breakpoint is 30em.
import { useEffect, useState } from 'react';

export const SMALL_SCREEN_QUERY = '(max-width: 29.99em)';

/** Whether the screen is below the small breakpoint; follows changes (rotation, resizing). */
export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(SMALL_SCREEN_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(SMALL_SCREEN_QUERY);
    const onChange = () => setSmall(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return small;
}
