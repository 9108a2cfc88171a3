// The notifications drawer (spec 2.3): 400 px on the right; each item shows its title, message
// (a '##…##' part as a link), sender and time, and can be deleted; clicking an item marks it read;
// 'No new notifications.' when there are none.
import { Box, Button, Dialog, Flex, IconButton, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { formatDate, useReturnFocus, type Notification } from '@portal/shared';
import { messageParts } from './messageText';

export const NO_NOTIFICATIONS = 'No new notifications.';
export const DRAWER_WIDTH = '400px';

function formatTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatDate(date)} ${date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`;
}

function MessageText({ notification }: { notification: Notification }) {
  return (
    <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="notification-message">
      {messageParts(notification.message, notification.link).map((part, index) =>
        part.kind === 'link' ? (
          <Link
            key={index}
            href={part.href}
            colorPalette="brand"
            textDecoration="underline"
            {...(part.href.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          >
            {part.text}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

function NotificationItem({ notification, onRead, onDelete }: { notification: Notification; onRead(): void; onDelete(): void }) {
  return (
    <Flex
      as="li"
      gap={2}
      p={3}
      borderBottomWidth="1px"
      bg={notification.read ? undefined : 'bg.subtle'}
      data-testid="notification-item"
      data-read={notification.read ? 'true' : 'false'}
      aria-label={notification.read ? undefined : `${notification.title} (unread)`}
      onClick={onRead}
      onKeyDown={(event) => {
        if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
          event.preventDefault();
          onRead();
        }
      }}
      tabIndex={0}
      cursor="pointer"
    >
      <Stack gap={1} flex="1" minW={0}>
        <Text fontWeight={notification.read ? 'normal' : 'semibold'}>{notification.title}</Text>
        <MessageText notification={notification} />
        <Text fontSize="xs" color="fg.muted">
          {notification.sender ? `${notification.sender} · ` : ''}
          <time dateTime={notification.time}>{formatTime(notification.time)}</time>
        </Text>
      </Stack>
      <IconButton
        aria-label={`Delete notification ${notification.title}`}
        size="xs"
        variant="ghost"
        onClick={(event) => {
          event.stopPropagation();
          onDelete();
        }}
      >
        <span aria-hidden="true">✕</span>
      </IconButton>
    </Flex>
  );
}

export interface NotificationsDrawerProps {
  open: boolean;
  notifications: Notification[];
  onClose(): void;
  onRead(eventId: string): void;
  onDelete(eventId: string): void;
}

export function NotificationsDrawer({ open, notifications, onClose, onRead, onDelete }: NotificationsDrawerProps) {
  const finalFocusEl = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      finalFocusEl={finalFocusEl}
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner justifyContent="flex-end" alignItems="stretch">
          <Dialog.Content w={DRAWER_WIDTH} maxW="100vw" h="100vh" maxH="100vh" m={0} borderRadius={0} data-testid="notifications-drawer">
            <Dialog.Header>
              <Dialog.Title>Notifications</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body p={0} overflowY="auto">
              {notifications.length === 0 ? (
                <Text p={4} color="fg.muted">
                  {NO_NOTIFICATIONS}
                </Text>
              ) : (
                <Box as="ul" listStyleType="none" m={0} p={0}>
                  {notifications.map((notification) => (
                    <NotificationItem
                      key={notification.eventId}
                      notification={notification}
                      onRead={() => onRead(notification.eventId)}
                      onDelete={() => onDelete(notification.eventId)}
                    />
                  ))}
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default NotificationsDrawer;
