// The browser's side of /events/ws/amqp, the same with both brokers: the WebSocket upgrade on the
// API's own HTTP server (the session of its cookie looked up by the policy first), STOMP frames
// read in order as they arrive, and the ERROR-then-close of a refusal. The embedded broker
// (embedded.ts) and the gateway to RabbitMQ (gateway.ts) each decide what a frame does.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { BrowserRefusal, type BrowserPolicy, type BrowserSession } from './browser-policy';
import { StompProtocolError, StompReader, type StompFrame } from './stomp-frame';

/** The browser's broker endpoint (spec 7 default events path). */
export const BROKER_PATH = '/events/ws/amqp';
/** Spec 7: frame max 131072. */
export const MAX_FRAME_BYTES = 131_072;
/** Spec 7: heartbeat 10 s. */
export const HEARTBEAT_MS = 10_000;
/** A WebSocket that has not sent CONNECT by then is closed. */
export const CONNECT_TIMEOUT_MS = 10_000;

export interface BrowserEndpointOptions {
  policy: BrowserPolicy;
  /** A reason to refuse every upgrade for now (an HTTP status line), or undefined. */
  unavailable?(): string | undefined;
  /** A browser's WebSocket is open; `session` is null without a signed-in session (CONNECT will be refused). */
  accept(socket: WebSocket, session: BrowserSession | null): void;
  log?: { warn(object: object, message: string): void };
}

export interface BrowserEndpoint {
  close(): Promise<void>;
}

/** Serves browsers' WebSockets on `path` of the API's HTTP server (no extra port). */
export function serveBrowserEndpoint(httpServer: Server, path: string, options: BrowserEndpointOptions): BrowserEndpoint {
  const server = new WebSocketServer({
    noServer: true,
    // Larger than a frame may be: an oversized frame is answered with a STOMP ERROR, not a bare close.
    maxPayload: 4 * MAX_FRAME_BYTES,
    handleProtocols: (protocols) => (protocols.has('v12.stomp') ? 'v12.stomp' : false),
  });
  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) {
      // Nobody else serves WebSockets here: refuse instead of leaving the socket hanging.
      if (httpServer.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const unavailable = options.unavailable?.();
    if (unavailable) {
      socket.end(`HTTP/1.1 ${unavailable}\r\nConnection: close\r\n\r\n`);
      return;
    }
    options.policy.sessionOf(request).then(
      (session) => server.handleUpgrade(request, socket, head, (ws) => options.accept(ws, session)),
      (error: unknown) => {
        options.log?.warn({ err: error }, 'broker upgrade: the session could not be looked up');
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      },
    );
  };
  httpServer.on('upgrade', listener);
  return {
    async close() {
      httpServer.off('upgrade', listener);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The ERROR frame of a refusal (with the receipt id of the frame refused, if it asked for one). */
export function errorFrame(message: string, frame?: StompFrame): StompFrame {
  const headers: Record<string, string> = { message, 'content-type': 'text/plain' };
  if (frame?.headers.receipt !== undefined) headers['receipt-id'] = frame.headers.receipt;
  return { command: 'ERROR', headers, body: message };
}

/** A WebSocket message as text (STOMP frames are UTF-8). */
export function textOf(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
}

export interface FrameHandlers {
  /** A frame, or null for a heart-beat; a thrown BrowserRefusal refuses the connection. */
  frame(frame: StompFrame | null): void | Promise<void>;
  /** Refuses the connection: ERROR with this message, then close. */
  refuse(message: string, frame?: StompFrame): void;
  /** Whether the connection has ended (later frames are dropped). */
  closed(): boolean;
  log?: { warn(object: object, message: string): void };
}

/**
 * Reads the browser's frames as they arrive (up to MAX_FRAME_BYTES each) and hands them over one
 * at a time, in order, each after the previous one's work has finished (a SEND waits for the
 * database and the broker).
 */
export function readBrowserFrames(socket: WebSocket, handlers: FrameHandlers): void {
  const reader = new StompReader(MAX_FRAME_BYTES);
  let work = Promise.resolve();
  const handle = async (frame: StompFrame | null) => {
    if (handlers.closed()) return;
    try {
      await handlers.frame(frame);
    } catch (error) {
      if (error instanceof BrowserRefusal) {
        handlers.log?.warn({ command: frame?.command, destination: frame?.headers.destination, reason: error.message }, 'broker frame refused');
        return handlers.refuse(error.message, frame ?? undefined);
      }
      handlers.log?.warn({ err: error }, 'broker frame failed');
      handlers.refuse('The broker could not process the frame; try again later.', frame ?? undefined);
    }
  };
  socket.on('message', (data: RawData) => {
    if (handlers.closed()) return;
    const text = textOf(data);
    let frames: Array<StompFrame | null>;
    try {
      frames = reader.push(text);
    } catch (error) {
      handlers.refuse(error instanceof StompProtocolError ? error.message : 'Malformed frame.');
      return;
    }
    for (const frame of frames) work = work.then(() => handle(frame));
  });
}
