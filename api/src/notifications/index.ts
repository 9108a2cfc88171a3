// What the notifications family offers the others (lint: api/layers): notify() tells people of an
// event on the channels their process and their own preferences choose (docs/notifications.md).
export { notify, notifyAll, type NotificationInput, type Notified } from './notify';
