import { request as httpRequest } from 'node:http';

/** A minimal tus 1.0 client for tests: the requests a real client (tus-js-client) sends, one at a time. */
export interface TusResponse {
  status: number;
  headers: Headers;
  body: string;
}

export function tusClient(base: string, token: string | undefined) {
  const headers = (extra: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    ...(token ? { token } : {}),
    ...extra,
  });
  const send = async (method: string, url: string, extra: Record<string, string>, body?: Uint8Array) => {
    const res = await fetch(new URL(url, base), { method, headers: headers(extra), body });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  return {
    /** POST: creates an upload of `length` bytes with metadata; `body` sends bytes with it (creation-with-upload). */
    create(length: number, metadata: Record<string, string> = {}, body?: Uint8Array, path = '/api/uploads/test') {
      const meta = Object.entries(metadata)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(',');
      return send(
        'POST',
        path,
        {
          'upload-length': String(length),
          ...(meta ? { 'upload-metadata': meta } : {}),
          ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
        },
        body,
      );
    },
    head: (location: string) => send('HEAD', location, {}),
    patch: (location: string, offset: number, bytes: Uint8Array) =>
      send(
        'PATCH',
        location,
        { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        bytes,
      ),
    remove: (location: string) => send('DELETE', location, {}),
    /**
     * A PATCH announcing `announced` bytes that sends only `bytes` and then drops the connection (a client losing
     * its network half-way). Resolves once the socket is closed.
     */
    interruptedPatch(location: string, offset: number, bytes: Uint8Array, announced: number): Promise<void> {
      return new Promise((resolve) => {
        const req = httpRequest(new URL(location, base), {
          method: 'PATCH',
          headers: headers({
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(announced),
          }),
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(bytes, () => {
          // Once the bytes are handed to the socket, the connection dies.
          setImmediate(() => req.destroy());
        });
      });
    },
  };
}
