import { useEffect, useState } from 'react';
import { bus } from '../../bus/bus';
import type { NoticeMessage } from '../../bus/events';
import { NoticeDialog } from './NoticeDialog';

interface QueuedNotice extends NoticeMessage {
  id: number;
}

/** Asks the NoticeHost (rendered once by the host) to show a notice dialog. */
export function showNotice(title: string, message: string): void {
  bus.emit('notice:show', { title, message });
}

/**
 * Shows every 'notice:show' bus event (e.g. the 'Error' notices of the API client) in a notice
 * dialog, one after another. Render it once per page (the host, or a remote's standalone entry).
 */
export function NoticeHost() {
  const [queue, setQueue] = useState<QueuedNotice[]>([]);

  useEffect(() => {
    let nextId = 0;
    const enqueue = (notice: NoticeMessage) => {
      nextId += 1;
      const id = nextId;
      setQueue((current) => [...current, { ...notice, id }]);
    };
    bus.on('notice:show', enqueue);
    return () => bus.off('notice:show', enqueue);
  }, []);

  const current = queue[0];
  if (!current) return null;
  return (
    <NoticeDialog
      // A fresh dialog per notice, so focus and announcements start over for the next one.
      key={current.id}
      open
      title={current.title}
      message={current.message}
      onClose={() => setQueue((rest) => rest.filter((notice) => notice.id !== current.id))}
    />
  );
}
