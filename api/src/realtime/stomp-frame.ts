// STOMP 1.2 frames as the embedded broker reads and writes them (https://stomp.github.io/stomp-specification-1.2.html):
// a command line, header lines, a blank line, the body and a NUL. Header values are escaped in every
// frame but CONNECT/CONNECTED. A lone end-of-line between frames is a heart-beat.

export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

const UNESCAPES: Record<string, string> = { '\\\\': '\\', '\\n': '\n', '\\r': '\r', '\\c': ':' };

function unescapeHeader(value: string): string {
  return value.replace(/\\[\\nrc]/g, (sequence) => UNESCAPES[sequence] ?? sequence);
}

function escapeHeader(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/:/g, '\\c');
}

function isConnectionFrame(command: string): boolean {
  return command === 'CONNECT' || command === 'STOMP' || command === 'CONNECTED';
}

export function serializeFrame(frame: StompFrame): string {
  const escape = isConnectionFrame(frame.command) ? (value: string) => value : escapeHeader;
  const lines = [frame.command];
  for (const [name, value] of Object.entries(frame.headers)) lines.push(`${escape(name)}:${escape(value)}`);
  if (frame.body !== '' && frame.headers['content-length'] === undefined) {
    lines.push(`content-length:${Buffer.byteLength(frame.body, 'utf8')}`);
  }
  return `${lines.join('\n')}\n\n${frame.body}\0`;
}

export class StompProtocolError extends Error {}

/**
 * Reads frames from the text a connection receives, in whatever pieces it arrives. `maxFrameBytes`
 * bounds one frame (and what may be buffered waiting for its end).
 */
export class StompReader {
  private buffer = '';

  constructor(private readonly maxFrameBytes: number) {}

  /** The complete frames in `chunk` plus what was buffered; heart-beats are returned as null. */
  push(chunk: string): Array<StompFrame | null> {
    this.buffer += chunk;
    const frames: Array<StompFrame | null> = [];
    for (;;) {
      const heartbeat = /^\r?\n/.exec(this.buffer);
      if (heartbeat) {
        this.buffer = this.buffer.slice(heartbeat[0].length);
        frames.push(null);
        continue;
      }
      if (this.buffer === '') break;
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
    }
    if (Buffer.byteLength(this.buffer, 'utf8') > this.maxFrameBytes) {
      throw new StompProtocolError(`A frame exceeds the maximum frame size of ${this.maxFrameBytes} bytes.`);
    }
    return frames;
  }

  private next(): StompFrame | undefined {
    const headerEnd = /\r?\n\r?\n/.exec(this.buffer);
    if (!headerEnd) return undefined;
    const headLines = this.buffer.slice(0, headerEnd.index).split(/\r?\n/);
    const command = headLines.shift() ?? '';
    const decode = isConnectionFrame(command) ? (value: string) => value : unescapeHeader;
    const headers: Record<string, string> = {};
    for (const line of headLines) {
      const colon = line.indexOf(':');
      if (colon < 0) throw new StompProtocolError(`Malformed header line '${line}'.`);
      const name = decode(line.slice(0, colon));
      // STOMP 1.2: of repeated headers, the first one counts.
      if (!(name in headers)) headers[name] = decode(line.slice(colon + 1));
    }
    const bodyStart = headerEnd.index + headerEnd[0].length;
    const declared = headers['content-length'];
    if (declared !== undefined) {
      const length = Number(declared);
      if (!Number.isInteger(length) || length < 0) throw new StompProtocolError(`Invalid content-length '${declared}'.`);
      if (length > this.maxFrameBytes) {
        throw new StompProtocolError(`A frame exceeds the maximum frame size of ${this.maxFrameBytes} bytes.`);
      }
      const rest = Buffer.from(this.buffer.slice(bodyStart), 'utf8');
      if (rest.length < length + 1) return undefined;
      if (rest[length] !== 0) throw new StompProtocolError('A frame body is not followed by NUL.');
      const body = rest.subarray(0, length).toString('utf8');
      return this.take(bodyStart + body.length + 1, { command, headers, body });
    }
    const bodyEnd = this.buffer.indexOf('\0', bodyStart);
    if (bodyEnd < 0) return undefined;
    return this.take(bodyEnd + 1, { command, headers, body: this.buffer.slice(bodyStart, bodyEnd) });
  }

  /** Consumes the frame's text, refusing it when it is larger than a frame may be. */
  private take(end: number, frame: StompFrame): StompFrame {
    const text = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end);
    if (Buffer.byteLength(text, 'utf8') > this.maxFrameBytes) {
      throw new StompProtocolError(`A frame exceeds the maximum frame size of ${this.maxFrameBytes} bytes.`);
    }
    return frame;
  }
}
