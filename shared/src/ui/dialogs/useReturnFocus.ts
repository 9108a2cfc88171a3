// Focus goes back to what opened a dialog when it closes (WCAG 2.4.3). The dialog's focus trap
// remembers the focused element one frame after the dialog mounted; by then a field with
// `autoFocus` (Edit application, new profile …) already holds focus, so the trap "returned" focus
// to that field, gone with the dialog, and focus fell to <body>. The opener is read here while
// the opening renders, before anything inside the dialog can take focus.
import { useCallback, useState } from 'react';

function focusedElement(): HTMLElement | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * The `finalFocusEl` of a dialog open while `open`: the element that had focus when it opened;
 * when that is gone (the dialog renamed the page's subject, a menu item closed with its menu),
 * the page's main content, so focus stays where the user was rather than at the top of the
 * document; when nothing had focus, null (the dialog's default).
 */
export function useReturnFocus(open: boolean): () => HTMLElement | null {
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? focusedElement() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusedElement());
  }
  return useCallback(() => {
    // Nothing had focus when it opened (a busy button under an Error notice): the dialog's own
    // default, as before; focusing the page behind would close a dialog still open underneath.
    if (!opener) return null;
    if (opener.isConnected) return opener;
    return document.querySelector<HTMLElement>('main[tabindex]');
  }, [opener]);
}
