import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import type { BlobStore } from './blob-store';
import { FileBody } from './file-body';
import { contentDisposition } from './file-name';
import { noneMatch, parseRange } from './range';

export interface Download {
  sha256: string;
  size: number;
  /** The user's name for the file (metadata); made safe for the header. */
  name: string;
  /** Defaults to `application/octet-stream`. */
  contentType?: string;
  /** `attachment` (the default) saves the file; `inline` only for types that cannot run script. */
  disposition?: 'attachment' | 'inline';
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Answers a GET or HEAD for a stored blob (architecture §7): streamed from the store, never buffered; `ETag` is the
 * quoted SHA-256 and `If-None-Match` answers 304; one `Range` answers 206 with `Content-Range` (an `If-Range` that
 * does not match the ETag asks for the whole body), a range past the end 416; `Content-Disposition` is built from
 * the safe name. The body can never be rendered as a page (`nosniff`, a sandboxing CSP). Throws `notFound` when the
 * store has lost the bytes.
 */
export async function sendBlob(
  store: BlobStore,
  request: FastifyRequest,
  reply: FastifyReply,
  file: Download,
): Promise<FastifyReply> {
  const etag = `"${file.sha256}"`;
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', contentDisposition(file.name, file.disposition));
  if (noneMatch(header(request, 'if-none-match'), etag)) {
    return reply.code(304).send();
  }
  const ifRange = header(request, 'if-range');
  const range = ifRange === undefined || ifRange === etag ? parseRange(header(request, 'range'), file.size) : undefined;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  reply.header('content-type', file.contentType ?? 'application/octet-stream');
  const length = range ? range.end - range.start + 1 : file.size;
  reply.header('content-length', String(length));
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  if (request.method === 'HEAD') {
    // An empty stream: Fastify's HEAD handling then keeps our Content-Length (it sets 0 for no payload, and reads a
    // real stream to its end).
    return reply.send(Readable.from([]));
  }
  const body = await store.read(file.sha256, range ?? undefined);
  if (!body) throw notFound('file');
  return body instanceof FileBody ? sendFileBody(reply, body) : reply.send(body);
}

/**
 * A file of the local store, written by `FileBody.sendTo` (buffers reused; see there). Fastify steps aside once the
 * status and headers are decided (`hijack`: no `onSend` hook sees a download). A file that cannot be read to the
 * end after the headers went out cuts the connection, as a failing stream does, so the client sees a short body.
 */
async function sendFileBody(reply: FastifyReply, body: FileBody): Promise<FastifyReply> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  try {
    await body.sendTo(res);
  } catch {
    res.destroy();
  }
  return reply;
}
