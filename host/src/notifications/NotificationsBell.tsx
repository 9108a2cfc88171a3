// The header's notifications bell (spec 2.3): unread count as a badge; opens the drawer; disabled
// in Platform View (current process id '*').
import { lazy, Suspense, useState } from 'react';
import { Box, Circle, IconButton } from '@chakra-ui/react';
import { isPlatformView, useSession } from '@portal/shared';
import { useNotifications } from './useNotifications';

// The drawer is loaded when first opened: the host's first load stays small.
const NotificationsDrawer = lazy(() => import(/* webpackChunkName: "notifications-drawer" */ './NotificationsDrawer'));

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

export function NotificationsBell() {
  const platformView = useSession((state) => isPlatformView(state.process));
  const { notifications, unread, markRead, remove } = useNotifications();
  const [open, setOpen] = useState(false);
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Box position="relative">
      <IconButton
        aria-label={label}
        title={platformView ? 'Notifications are not available in Platform View' : label}
        size="sm"
        variant="ghost"
        disabled={platformView}
        onClick={() => setOpen(true)}
        data-testid="notifications-bell"
      >
        <BellIcon />
      </IconButton>
      {unread > 0 ? (
        <Circle
          size="18px"
          bg="red.600"
          color="white"
          fontSize="10px"
          fontWeight="bold"
          position="absolute"
          top="-2px"
          right="-2px"
          pointerEvents="none"
          aria-hidden="true"
          data-testid="notifications-badge"
        >
          {unread > 99 ? '99+' : unread}
        </Circle>
      ) : null}
      {open && !platformView ? (
        <Suspense fallback={null}>
          <NotificationsDrawer open notifications={notifications} onClose={() => setOpen(false)} onRead={markRead} onDelete={remove} />
        </Suspense>
      ) : null}
    </Box>
  );
}
