import { lazy, Suspense, useEffect, useState } from 'react';
import { bus } from '../../bus/bus';
import type { SnackbarMessage } from '../../bus/events';

// The toaster is a chunk of its own, loaded with the first snackbar (host first-load budget).
const loadToasts = () => import(/* webpackChunkName: "snackbar-toasts" */ './SnackbarToasts');
const SnackbarToasts = lazy(loadToasts);

/** Asks the SnackbarHost (rendered once by the host) to show a short message at the bottom centre. */
export function showSnackbar(message: string, status: SnackbarMessage['status'] = 'info'): void {
  bus.emit('snackbar:show', { message, status });
}

/**
 * Shows every 'snackbar:show' bus event as a snackbar at the bottom centre that hides after
 * 5000 ms. Render it once per page (the host, or a remote's standalone entry), never in `./app`.
 * The first one loads the toaster; messages raised meanwhile wait for it, in order.
 */
export function SnackbarHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let active = true;
    let pending: Promise<(message: SnackbarMessage) => void> | null = null;
    const show = (message: SnackbarMessage) => {
      setWanted(true);
      pending ??= loadToasts().then((module) => module.showToast);
      void pending.then((showToast) => {
        if (active) showToast(message);
      });
    };
    bus.on('snackbar:show', show);
    return () => {
      active = false;
      bus.off('snackbar:show', show);
    };
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarToasts />
    </Suspense>
  );
}
