// Every event that crosses React roots (host <-> remotes) is typed here. Remotes never import
// each other: cross-domain reactions go through these events.
import type { RouteOwner } from '../navigation/routes';

export interface SnackbarMessage {
  message: string;
  status?: 'info' | 'success' | 'warning' | 'error';
}

export interface NoticeMessage {
  title: string;
  message: string;
}

export type PortalEvents = {
  /** A screen tells the host its title (the host sets document.title). */
  'screen:title': { title: string; owner: RouteOwner; path: string };
  /** Show a snackbar at the bottom centre (hides after SNACKBAR_HIDE_MS). */
  'snackbar:show': SnackbarMessage;
  /** Show the notice dialog (titled Error for API failures). */
  'notice:show': NoticeMessage;
  /** The session was cleared (401, logout). */
  'session:cleared': { reason: 'unauthorized' | 'logout' };
};
