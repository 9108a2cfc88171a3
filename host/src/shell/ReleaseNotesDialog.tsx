// Update/Release Notes of the user menu (spec 2.3, demo-permission users): every release of the
// project's release notes in a dialog. Loaded lazily: it is not shown at first.
import { NoticeDialog } from '@portal/shared';
import { ReleaseList } from './ReleaseList';

export default function ReleaseNotesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <NoticeDialog open={open} title="Release Notes" message={<ReleaseList />} onClose={onClose} />;
}
