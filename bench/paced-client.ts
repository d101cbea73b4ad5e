// The paced load generator's own process (paced.ts forks it): keep-alive connections over raw sockets, each sending
// its prebuilt requests at a fixed schedule. A child of its own so that its event loop and heap are not the bench's
// (whose heap holds the fleet's request lists and every earlier result, and whose major GCs stalled the sends), and
// raw sockets because `node:http`'s client costs several times what a request to the bare baseline costs the server,
// on a machine where the generator and the server share two cores. It parses only what it needs of an answer: the
// status, `content-length` (or a chunked body's end), and where the answer ends.
//
// Messages: `{ type: 'start', … }` opens the connections and answers `{ type: 'started' }`; `{ type: 'run', seconds }`
// loads for that long and answers `{ type: 'done', … }` (latencies counted from when each request was due); then
// `{ type: 'close' }`.
import { connect, type Socket } from 'node:net';
import { type Stalls, stallMonitor } from './stalls';

export interface StartMessage {
  type: 'start';
  host: string;
  port: number;
  rate: number;
  /** Per connection, the requests it sends in turn, looping: path and headers. */
  lists: Array<Array<{ path: string; headers?: Record<string, string> }>>;
}

export interface DoneMessage {
  type: 'done';
  /** Each answered request's latency (ms), from when it was due, in the order answered. */
  latencies: number[];
  /** How late (ms) each request left after it was due: this process's timers, or the answer before it still due. */
  lateness: number[];
  errors: number;
  non2xx: number;
  seconds: number;
  stalls: Stalls;
}

const CRLFCRLF = Buffer.from('\r\n\r\n');

/** One keep-alive connection: sends a request, resolves with the answer's status once the whole answer is in. */
class Connection {
  private socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (status: number) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private host: string,
    private port: number,
  ) {
    this.socket = this.open();
  }

  private open(): Socket {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.parse();
    });
    const fail = (e: Error) => {
      const w = this.waiting;
      this.waiting = null;
      this.buffer = Buffer.alloc(0);
      w?.reject(e);
    };
    socket.on('error', fail);
    socket.on('close', () => {
      fail(new Error('connection closed'));
      if (this.socket === socket) this.socket = this.open();
    });
    return socket;
  }

  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  private parse(): void {
    const end = this.buffer.indexOf(CRLFCRLF);
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.toString('latin1', 0, end).toLowerCase();
    const status = Number(head.slice(9, 12));
    let total: number;
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    if (length) total = end + 4 + Number(length[1]);
    else if (head.includes('\r\ntransfer-encoding: chunked')) {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', end);
      if (last < 0) return;
      total = last + 7;
    } else total = end + 4;
    if (this.buffer.length < total) return;
    this.buffer = this.buffer.subarray(total);
    const w = this.waiting;
    this.waiting = null;
    w.resolve(status);
  }

  close(): void {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }
}

let connections: Connection[] = [];
let requests: Buffer[][] = [];
let interval = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(seconds: number): Promise<DoneMessage> {
  const expected = Math.ceil((seconds * 1000 * connections.length) / interval) + connections.length;
  const latencies: number[] = new Array(expected);
  const lateness: number[] = new Array(expected);
  let n = 0;
  let errors = 0;
  let non2xx = 0;
  const monitor = stallMonitor();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    connections.map(async (connection, c) => {
      const list = requests[c] as Buffer[];
      let k = 0;
      for (let due = start + (c * interval) / connections.length; due < end; due += interval, k += 1) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const sent = performance.now();
        try {
          const status = await connection.send(list[k % list.length] as Buffer);
          if (status < 200 || status > 299) non2xx += 1;
        } catch {
          errors += 1;
        }
        // From when it was due: a request sent late (this process's timers, or the answer before it came after
        // this one was due) counts its wait; one sent early (a timer fires up to a millisecond early) counts from
        // when it left.
        latencies[n] = performance.now() - Math.min(due, sent);
        lateness[n] = sent - due;
        n += 1;
      }
    }),
  );
  const stalls = monitor.take();
  monitor.stop();
  latencies.length = n;
  lateness.length = n;
  return { type: 'done', latencies, lateness, errors, non2xx, seconds: (performance.now() - start) / 1000, stalls };
}

process.on('message', async (m: StartMessage | { type: 'run'; seconds: number } | { type: 'close' }) => {
  if (m.type === 'start') {
    interval = (m.lists.length * 1000) / m.rate;
    requests = m.lists.map((list) =>
      list.map((r) => {
        const lines = [`GET ${r.path} HTTP/1.1`, `host: ${m.host}:${m.port}`, 'connection: keep-alive'];
        for (const [name, value] of Object.entries(r.headers ?? {})) lines.push(`${name}: ${value}`);
        return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
      }),
    );
    connections = m.lists.map(() => new Connection(m.host, m.port));
    process.send?.({ type: 'started' });
  } else if (m.type === 'run') {
    process.send?.(await run(m.seconds));
  } else if (m.type === 'close') {
    for (const c of connections) c.close();
    process.disconnect();
  }
});
