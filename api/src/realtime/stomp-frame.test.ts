// The STOMP 1.2 frame reader and writer of the embedded broker.
import { serializeFrame, StompProtocolError, StompReader } from './stomp-frame';

describe('STOMP frames', () => {
  it('reads frames split across chunks, heart-beats and escaped headers', () => {
    const reader = new StompReader(1024);
    const text = 'SEND\ndestination:/queue/a\\cb\nreceipt:1\n\n{"a":1}\0\nSUBSCRIBE\nid:1\ndestination:/exchange/x\n\n\0';
    const first = reader.push(text.slice(0, 20));
    expect(first).toEqual([]);
    const rest = reader.push(text.slice(20));
    expect(rest).toEqual([
      { command: 'SEND', headers: { destination: '/queue/a:b', receipt: '1' }, body: '{"a":1}' },
      null,
      { command: 'SUBSCRIBE', headers: { id: '1', destination: '/exchange/x' }, body: '' },
    ]);
  });

  it('reads a body by its content-length, NUL bytes and multi-byte characters included', () => {
    const reader = new StompReader(1024);
    const body = 'ü\0ä';
    const frame = `SEND\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
    expect(reader.push(frame)).toEqual([{ command: 'SEND', headers: { 'content-length': '5' }, body }]);
  });

  it('does not unescape CONNECT headers and keeps the first of repeated headers', () => {
    const reader = new StompReader(1024);
    expect(reader.push('CONNECT\npasscode:a\\cb\npasscode:second\n\n\0')).toEqual([
      { command: 'CONNECT', headers: { passcode: 'a\\cb' }, body: '' },
    ]);
  });

  it('refuses a frame over the maximum, complete or still arriving', () => {
    expect(() => new StompReader(100).push(`SEND\n\n${'x'.repeat(200)}\0`)).toThrow(StompProtocolError);
    expect(() => new StompReader(100).push(`SEND\n\n${'x'.repeat(200)}`)).toThrow(StompProtocolError);
    expect(() => new StompReader(100).push('SEND\ncontent-length:500\n\n')).toThrow(StompProtocolError);
  });

  it('writes escaped headers and a content-length', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: { destination: '/queue/a:b' }, body: 'ü' })).toBe(
      'MESSAGE\ndestination:/queue/a\\cb\ncontent-length:2\n\nü\0',
    );
  });
});
