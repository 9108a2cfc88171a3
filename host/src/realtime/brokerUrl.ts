// Spec 7: the broker endpoint defaults to the events path /events/ws/amqp; a relative path is
// resolved to ws: or wss: on the current host (wss when the page is served over https).
import { REALTIME_EVENTS_PATH } from '@portal/shared';

export function brokerUrl(endpoint: string = REALTIME_EVENTS_PATH, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  if (/^wss?:\/\//i.test(endpoint)) return endpoint;
  if (/^https?:\/\//i.test(endpoint)) return endpoint.replace(/^http/i, 'ws');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = endpoint.startsWith('/') ? endpoint : `/${endpoint}`;
  return `${scheme}//${location.host}${path}`;
}
