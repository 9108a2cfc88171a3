// The dialog machine may report "closed" once more after the dialog has left the page (its exit
// transition ends later); that late report must not reach the screen, which moved on already.
import { useCallback, useEffect, useRef } from 'react';

/** The `onOpenChange` of a dialog that `onClose` dismisses, deaf once the dialog has unmounted. */
export function useDismiss(onClose: () => void): (details: { open: boolean }) => void {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(
    (details: { open: boolean }) => {
      if (!details.open && mounted.current) onClose();
    },
    [onClose],
  );
}
