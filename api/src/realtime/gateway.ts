// With RabbitMQ (RABBITMQ_URL + RABBITMQ_STOMP_URL), browsers still connect to the API's own
// /events/ws/amqp (spec 7 default events path, same origin): this gateway speaks STOMP with them
// under the same browser policy as the embedded broker (browser-policy.ts), and with RabbitMQ's
// Web-STOMP on their behalf. Nothing a browser sends reaches RabbitMQ as it was sent:
//
// - CONNECT is checked (signed-in session cookie, that session's broker token, empty login); the
//   gateway then opens its own WebSocket to Web-STOMP and sends its own CONNECT: empty login, the
//   verified token as passcode, vhost '/', the heart-beat the browser asked for. RabbitMQ asks the
//   API about the token again (HTTP auth backend, routes.ts): a second wall.
// - SUBSCRIBE (the policy's destinations only), UNSUBSCRIBE, ACK, NACK and DISCONNECT go on,
//   rebuilt with the headers they need and nothing else.
// - SEND is an instant message: the policy rebuilds it and the API publishes it over its own AMQP
//   connection (RECEIPT once RabbitMQ has confirmed it, if asked). Everything else is refused.
//
// What RabbitMQ sends (CONNECTED, MESSAGE, RECEIPT, ERROR, heart-beats) goes back to the browser
// frame by frame. Frames stay within 131072 bytes (the browser's side is read with that limit).
import type { Server } from 'node:http';
import WebSocket from 'ws';
import {
  BROKER_PATH,
  CONNECT_TIMEOUT_MS,
  errorFrame,
  readBrowserFrames,
  serveBrowserEndpoint,
  textOf,
  type BrowserEndpoint,
} from './browser-endpoint';
import { BrowserRefusal, type BrowserPolicy, type BrowserSession } from './browser-policy';
import { serializeFrame, StompProtocolError, StompReader, type StompFrame } from './stomp-frame';

/** What RabbitMQ sends is trusted; a bound keeps a broken stream from growing without end. */
const UPSTREAM_MAX_FRAME_BYTES = 16 * 1024 * 1024;

export const BROKER_UNAVAILABLE = 'The broker is not available at the moment; try again later.';

/** The headers a frame keeps on its way to RabbitMQ: what the command needs, nothing of the browser's choosing besides. */
const FORWARDED_HEADERS: Readonly<Record<string, readonly string[]>> = {
  SUBSCRIBE: ['destination', 'id', 'ack', 'receipt'],
  UNSUBSCRIBE: ['id', 'receipt'],
  ACK: ['id', 'receipt'],
  NACK: ['id', 'receipt', 'requeue'],
  DISCONNECT: ['receipt'],
};

export interface StompGatewayOptions {
  /** RabbitMQ's Web-STOMP endpoint (RABBITMQ_STOMP_URL, ws://host:15674/ws). */
  target: string;
  policy: BrowserPolicy;
  /** Publishes as the API does (its own AMQP connection, with publisher confirms). */
  publish(destination: string, body: unknown): Promise<void>;
  log?: { warn(object: object, message: string): void };
}

interface Link {
  browser: WebSocket;
  session: BrowserSession | null;
  /** Set by an accepted CONNECT. */
  userId: string | null;
  upstream: WebSocket | null;
  closed: boolean;
  timer: NodeJS.Timeout;
}

function pick(frame: StompFrame, names: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = frame.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** The heart-beat the browser asked for ('cx,cy' in ms), or none. */
function heartBeat(value: string | undefined): string {
  return value !== undefined && /^\d{1,9},\d{1,9}$/.test(value) ? value : '0,0';
}

export class StompGateway {
  private readonly links = new Set<Link>();
  private endpoint?: BrowserEndpoint;

  constructor(private readonly options: StompGatewayOptions) {}

  attach(httpServer: Server, path = BROKER_PATH): void {
    this.endpoint = serveBrowserEndpoint(httpServer, path, {
      policy: this.options.policy,
      accept: (socket, session) => this.accept(socket, session),
      log: this.options.log,
    });
  }

  /** Open browser connections. */
  connectionCount(): number {
    return this.links.size;
  }

  async close(): Promise<void> {
    for (const link of Array.from(this.links)) this.end(link, 1001);
    await this.endpoint?.close();
  }

  private accept(browser: WebSocket, session: BrowserSession | null): void {
    const link: Link = {
      browser,
      session,
      userId: null,
      upstream: null,
      closed: false,
      timer: setTimeout(() => {
        if (!link.userId) this.refuse(link, 'No CONNECT frame was received in time.');
      }, CONNECT_TIMEOUT_MS),
    };
    this.links.add(link);
    readBrowserFrames(browser, {
      frame: (frame) => this.handle(link, frame),
      refuse: (message, frame) => this.refuse(link, message, frame),
      closed: () => link.closed,
      log: this.options.log,
    });
    browser.on('close', () => this.end(link, 1000));
    browser.on('error', () => this.end(link, 1011));
  }

  private async handle(link: Link, frame: StompFrame | null): Promise<void> {
    if (!frame) {
      // A heart-beat: RabbitMQ watches the browser's (it negotiated them with the browser's values).
      if (link.upstream?.readyState === WebSocket.OPEN) link.upstream.send('\n');
      return;
    }
    if (!link.userId) {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') throw new BrowserRefusal(`Expected CONNECT, received ${frame.command}.`);
      const userId = this.options.policy.connect(link.session, frame);
      await this.connectUpstream(link, frame);
      link.userId = userId;
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        this.options.policy.subscription(link.userId, frame);
        return this.forward(link, frame);
      case 'UNSUBSCRIBE':
      case 'ACK':
      case 'NACK':
      case 'DISCONNECT':
        return this.forward(link, frame);
      case 'SEND': {
        const { destination, body } = await this.options.policy.instantMessage(link.session as BrowserSession, frame);
        await this.options.publish(destination, body);
        const receipt = frame.headers.receipt;
        if (receipt !== undefined) this.toBrowser(link, serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' }));
        return;
      }
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        throw new BrowserRefusal('Transactions are not supported.');
      default:
        throw new BrowserRefusal(`Unknown command ${frame.command}.`);
    }
  }

  /** The gateway's own connection to Web-STOMP: resolves once RabbitMQ's CONNECTED went to the browser. */
  private connectUpstream(link: Link, frame: StompFrame): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const upstream = new WebSocket(this.options.target, ['v12.stomp'], { perMessageDeflate: false });
      link.upstream = upstream;
      const reader = new StompReader(UPSTREAM_MAX_FRAME_BYTES);
      let connected = false;
      /** Before CONNECTED the browser's CONNECT is refused; after it, the browser's connection ends with RabbitMQ's. */
      const lost = (code: number) => {
        if (connected) return this.end(link, code);
        connected = true;
        reject(new BrowserRefusal(BROKER_UNAVAILABLE));
      };
      upstream.on('open', () => {
        upstream.send(
          serializeFrame({
            command: 'CONNECT',
            headers: {
              'accept-version': '1.2',
              host: '/',
              login: '',
              passcode: frame.headers.passcode ?? '',
              'heart-beat': heartBeat(frame.headers['heart-beat']),
            },
            body: '',
          }),
        );
      });
      upstream.on('message', (data: WebSocket.RawData) => {
        let frames: Array<StompFrame | null>;
        try {
          frames = reader.push(textOf(data));
        } catch (error) {
          this.options.log?.warn({ err: error instanceof StompProtocolError ? error.message : error }, 'broker gateway: malformed frame from RabbitMQ');
          return lost(1011);
        }
        for (const received of frames) {
          this.toBrowser(link, received ? serializeFrame(received) : '\n');
          if (!received) continue;
          if (!connected && received.command === 'CONNECTED') {
            connected = true;
            resolve();
          } else if (received.command === 'ERROR') {
            // RabbitMQ's ERROR went to the browser as it was; the connection ends with it.
            if (!connected) {
              connected = true;
              resolve();
            }
            this.end(link, 1000);
          }
        }
      });
      upstream.on('error', (error) => {
        this.options.log?.warn({ err: error }, 'broker gateway: Web-STOMP connection failed');
        lost(1011);
      });
      upstream.on('close', () => lost(1000));
    });
  }

  private forward(link: Link, frame: StompFrame): void {
    const names = FORWARDED_HEADERS[frame.command] ?? [];
    if (link.upstream?.readyState !== WebSocket.OPEN) throw new BrowserRefusal(BROKER_UNAVAILABLE);
    link.upstream.send(serializeFrame({ command: frame.command, headers: pick(frame, names), body: '' }));
  }

  private toBrowser(link: Link, text: string): void {
    if (!link.closed && link.browser.readyState === WebSocket.OPEN) link.browser.send(text);
  }

  /** ERROR, then close (STOMP: the server closes the connection after an ERROR frame). */
  private refuse(link: Link, message: string, frame?: StompFrame): void {
    if (link.closed) return;
    this.toBrowser(link, serializeFrame(errorFrame(message, frame)));
    this.end(link, 1000);
  }

  private end(link: Link, code: number): void {
    if (link.closed) return;
    link.closed = true;
    this.links.delete(link);
    clearTimeout(link.timer);
    link.upstream?.removeAllListeners('close');
    link.upstream?.on('error', () => undefined);
    link.upstream?.close();
    if (link.browser.readyState === WebSocket.OPEN || link.browser.readyState === WebSocket.CONNECTING) link.browser.close(code);
  }
}
