// The inbox's keyboard (as GitHub's notifications and Linear): j and k move the selection down and
// up, Enter opens the selected task, a assigns it. Keys typed into a field, a select or a dialog
// are theirs, and a key with a modifier (Ctrl+K, Cmd+A …) is the browser's.
import { useEffect, useRef } from 'react';

export interface InboxKeyboard {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  onOpen: (index: number) => void;
  /** Absent: the user may not assign, `a` does nothing. */
  onAssign?: (index: number) => void;
}

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="dialog"], [role="alertdialog"]')) return true;
  return false;
}

export function useInboxKeyboard(keyboard: InboxKeyboard): void {
  const latest = useRef(keyboard);
  latest.current = keyboard;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const { count, selected, onSelect, onOpen, onAssign } = latest.current;
      if (count === 0) return;
      const current = Math.min(Math.max(selected, 0), count - 1);
      if (event.key === 'j') onSelect(selected < 0 ? 0 : Math.min(current + 1, count - 1));
      else if (event.key === 'k') onSelect(Math.max(current - 1, 0));
      else if (event.key === 'Enter' && selected >= 0 && !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)) onOpen(current);
      else if (event.key === 'a' && selected >= 0 && onAssign) onAssign(current);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
