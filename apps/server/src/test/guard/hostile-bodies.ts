import { connect } from 'node:net';

/**
 * Request bodies a hostile or broken client sends to an endpoint that takes a body stream (a contract endpoint
 * declaring `upload`): each as the bytes on the wire, with what the server must answer. Used by the guard suite
 * (body-streams.test.ts) and by the process test that checks a real server survives them.
 */
export interface HostileBody {
  name: string;
  contentType: string;
  body: Buffer;
  /** The Content-Length sent, when it is not the body's (a body shorter than announced, then the socket closes). */
  announced?: number;
  /** What the envelope's status must be once the endpoint reads the body (no answer when the connection drops). */
  answer: 'malformed' | 'noFile' | 'tooLarge' | 'dropped';
}

const part = (boundary: string, headers: string) => `--${boundary}\r\n${headers}\r\n\r\n`;
const fileHeaders = (name = 'a.bin') =>
  `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream`;

/** The catalogue; `maxBytes` is the endpoint's declared limit for its file part. */
export function hostileBodies(maxBytes: number): HostileBody[] {
  const b = 'x';
  const type = `multipart/form-data; boundary=${b}`;
  const big = Buffer.alloc(200 * 1024, 0x61);
  return [
    {
      // The body of the report: a file part that ends without its closing boundary.
      name: 'truncated file part',
      contentType: type,
      body: Buffer.from(`${part(b, 'Content-Disposition: form-data; name="file"; filename="a"')}12345`),
      answer: 'malformed',
    },
    {
      name: 'truncated after 200 KiB',
      contentType: type,
      body: Buffer.concat([Buffer.from(part(b, fileHeaders())), big]),
      answer: 'malformed',
    },
    {
      name: 'wrong boundary',
      contentType: 'multipart/form-data; boundary=y',
      body: Buffer.from(`${part(b, fileHeaders())}12345\r\n--${b}--\r\n`),
      answer: 'malformed',
    },
    {
      name: 'no boundary',
      contentType: 'multipart/form-data',
      body: Buffer.from(`${part(b, fileHeaders())}12345\r\n--${b}--\r\n`),
      answer: 'malformed',
    },
    {
      name: 'part headers without their end',
      contentType: type,
      body: Buffer.from(`--${b}\r\n${fileHeaders()}`),
      answer: 'malformed',
    },
    {
      name: 'a field and no file',
      contentType: type,
      body: Buffer.from(`${part(b, 'Content-Disposition: form-data; name="note"')}hello\r\n--${b}--\r\n`),
      answer: 'noFile',
    },
    {
      name: 'second file part truncated',
      contentType: type,
      body: Buffer.from(`${part(b, fileHeaders())}12345\r\n${part(b, fileHeaders('b.bin'))}678`),
      answer: 'malformed',
    },
    {
      // Announced past the limit: refused before a byte is read, and the connection closes after the answer.
      name: 'oversized file part',
      contentType: type,
      body: Buffer.from(`${part(b, fileHeaders())}12345`),
      announced: maxBytes + 1024 * 1024,
      answer: 'tooLarge',
    },
    {
      name: 'aborted connection',
      contentType: type,
      body: Buffer.concat([Buffer.from(part(b, fileHeaders())), big]),
      announced: 10 * big.length,
      answer: 'dropped',
    },
  ];
}

/** What a raw request over a socket got back: the HTTP status and body, or nothing when the server said nothing. */
export interface RawReply {
  http: number | null;
  body: string;
}

/**
 * Sends a request as raw bytes on a fresh socket: the head (announcing `announced` bytes, else the body's length) and
 * the body, then, with `abort`, drops the connection (a client going away mid-body). Answers what came back before
 * the socket closed.
 */
export function sendOnSocket(
  port: number,
  o: { path: string; headers: Record<string, string>; body: Buffer; announced?: number; abort?: boolean },
): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const length = o.announced ?? o.body.length;
    const head = [
      `POST ${o.path} HTTP/1.1`,
      'host: 127.0.0.1',
      'connection: close',
      `content-length: ${length}`,
      ...Object.entries(o.headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ http: status ? Number(status) : null, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(head);
    socket.write(o.body, () => {
      if (o.abort) setImmediate(() => socket.destroy());
    });
  });
}
