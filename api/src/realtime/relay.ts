// With RabbitMQ, browsers still connect to the API's own /events/ws/amqp (spec 7 default events
// path, same origin): when RABBITMQ_STOMP_URL is set the API relays those WebSocket upgrades to
// RabbitMQ's Web-STOMP byte for byte. RabbitMQ does the STOMP (and asks the API about the token
// through the HTTP auth backend); the relay only rewrites the request line and the Host header,
// and keeps the portal's cookies to itself.
import type { IncomingMessage, Server } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { BROKER_PATH } from './embedded';

export interface StompRelay {
  connectionCount(): number;
  close(): void;
}

const DROPPED_HEADERS = new Set(['host', 'cookie', 'authorization']);

export function attachStompRelay(httpServer: Server, target: string, path = BROKER_PATH): StompRelay {
  const upstreamUrl = new URL(target);
  const secure = upstreamUrl.protocol === 'wss:';
  const port = Number(upstreamUrl.port || (secure ? 443 : 80));
  const open = new Set<Duplex>();

  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) {
      if (httpServer.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const upstream = secure
      ? tls.connect({ host: upstreamUrl.hostname, port, servername: upstreamUrl.hostname })
      : net.connect({ host: upstreamUrl.hostname, port });
    open.add(socket);
    const end = () => {
      open.delete(socket);
      upstream.destroy();
      socket.destroy();
    };
    upstream.once(secure ? 'secureConnect' : 'connect', () => {
      const lines = [`GET ${upstreamUrl.pathname}${upstreamUrl.search} HTTP/1.1`, `Host: ${upstreamUrl.host}`];
      const raw = request.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        if (!DROPPED_HEADERS.has((raw[i] as string).toLowerCase())) lines.push(`${raw[i]}: ${raw[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => {
      if (socket.writable) socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
      end();
    });
    upstream.on('close', end);
    socket.on('error', end);
    socket.on('close', end);
  };
  httpServer.on('upgrade', listener);
  return {
    connectionCount: () => open.size,
    close() {
      httpServer.off('upgrade', listener);
      for (const socket of [...open]) socket.destroy();
    },
  };
}
