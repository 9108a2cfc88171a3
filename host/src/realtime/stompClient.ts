// The real STOMP client of the broker connection: @stomp/stompjs, STOMP 1.2 over WebSocket. Only
// the lazily loaded realtime chunk imports this file (the host's first load stays small).
import { Client } from '@stomp/stompjs';
import type { StompClientFactory, StompClientLike } from './connection';

export const createStompClient: StompClientFactory = (config) => {
  const client = new Client({
    brokerURL: config.brokerURL,
    connectHeaders: config.connectHeaders,
    heartbeatIncoming: config.heartbeatIncoming,
    heartbeatOutgoing: config.heartbeatOutgoing,
    // Reconnection is the connection manager's (1 s more per attempt, up to 10 s, fresh token).
    reconnectDelay: 0,
    debug: () => undefined,
  });
  const adapter: StompClientLike = {
    onConnect: () => undefined,
    onStompError: () => undefined,
    onWebSocketClose: () => undefined,
    activate: () => client.activate(),
    deactivate: () => client.deactivate(),
    subscribe: (destination, callback, headers) => client.subscribe(destination, (message) => callback(message), headers),
    publish: (params) => client.publish(params),
  };
  client.onConnect = () => adapter.onConnect();
  client.onStompError = (frame) => adapter.onStompError({ headers: frame.headers, body: frame.body });
  client.onWebSocketClose = () => adapter.onWebSocketClose();
  return adapter;
};
