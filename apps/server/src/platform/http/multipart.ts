import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { FastifyReply } from 'fastify';
import { AppError, invalidInput } from './errors';

/**
 * The `multipart/form-data` body of a request that carries a file (an endpoint declaring `upload`). The request owns
 * it, not the handler: the contract mount makes one per request, hands it to the handler (`ctx.upload`) and settles
 * it once the handler is done, whatever it answered. Settling cuts the body off from the parser, so that a part no
 * one reads any more can no longer fail (Dicer emits "Part terminated early" on a part of a body that ends without
 * its closing boundary, and an 'error' event no one listens to ends the process), and reads what is left of the body
 * and drops it (or, past `DRAIN_MAX`, closes the connection after the answer).
 *
 * Every error of the body is the client's: a malformed or cut-short body, or a dropped connection, is
 * `malformedUpload` (an input error, translated), a file part over the endpoint's limit `tooLarge` (HTTP 413): the
 * handler's reader of the file gets it as the stream's error, and the mount answers `failure` whatever the handler
 * made of it.
 */

/** What a multipart request may carry besides its file: boundaries, part headers, a few small fields. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** Bytes of a refused body still read to its end, so that the client reads the answer; a longer rest closes. */
const DRAIN_MAX = 1024 * 1024;

const ignore = () => {};

export interface UploadedFile {
  stream: Readable;
  /** The name the client gave (untrusted text), `file` when none. */
  filename: string;
  mimeType: string;
}

/** What a handler of an `upload` endpoint gets: the request's length and its file part. */
export interface IncomingUpload {
  /** The request's Content-Length: the most the file can be (checked against the endpoint's limit already). */
  readonly length: number;
  /**
   * The first file part, once. Rejects with `invalidInput('file')` when the body has none, `malformedUpload` when it
   * is malformed or cut short. Errors of the stream, later, are the same (see `failure`).
   */
  file(): Promise<UploadedFile>;
}

export class MultipartBody implements IncomingUpload {
  readonly length: number;
  /** Why the body failed, once it did: what the call answers, whatever the handler made of the stream's error. */
  failure: AppError | undefined;
  readonly #payload: Readable;
  readonly #headers: IncomingHttpHeaders;
  #maxBytes = Number.POSITIVE_INFINITY;
  #parser: InstanceType<typeof Busboy> | undefined;
  /** The file part as the parser gives it, and what the handler reads: its bytes, ended once the whole body parsed. */
  #part: Readable | undefined;
  #file: PassThrough | undefined;
  /** Rejects the pending `file()` when the connection drops before the file part began. */
  #abandon: ((error: AppError) => void) | undefined;
  #ended = false;
  #aborted = false;

  constructor(payload: Readable, headers: IncomingHttpHeaders) {
    this.#payload = payload;
    this.#headers = headers;
    const length = Number(headers['content-length']);
    this.length = Number.isSafeInteger(length) && length > 0 ? length : 0;
    payload.once('end', () => {
      this.#ended = true;
    });
    // A dropped connection is seen by 'close' below; its error (Node's "aborted") has nothing more to say.
    payload.on('error', ignore);
    // A client that goes away mid-body: the file's reader gets an error (and cleans up) instead of waiting forever.
    payload.once('close', () => {
      if (this.#ended || !payload.readableAborted) return;
      this.#aborted = true;
      this.#fail(malformedUpload());
    });
  }

  /** Called by the mount before the handler: the endpoint's declared limit for the file part. */
  limit(maxBytes: number): void {
    this.#maxBytes = maxBytes;
  }

  file(): Promise<UploadedFile> {
    if (this.#parser) return Promise.reject(new Error('the file of a request is taken once'));
    if (this.#aborted) return Promise.reject(malformedUpload());
    return new Promise((resolve, reject) => {
      let parser: InstanceType<typeof Busboy>;
      try {
        parser = new Busboy({
          headers: this.#headers as never,
          limits: { files: 1, fields: 20, parts: 21, fileSize: this.#maxBytes },
        });
      } catch {
        // No boundary, or one the parser cannot use.
        this.#fail(malformedUpload());
        reject(malformedUpload());
        return;
      }
      this.#parser = parser;
      this.#abandon = reject;
      parser.on('file', (_field, part, filename, _encoding, mimeType) => {
        part.on('error', () => this.#fail(malformedUpload()));
        if (this.#part) {
          part.resume();
          return;
        }
        // Over the limit the parser cuts the part short without an error: never hand on a truncated file.
        part.on('limit', () => this.#fail(new AppError('tooLarge', {}, { status: 413 })));
        // The reader's stream ends only once the whole body has parsed: a body that turns out malformed after the
        // file part (a later part cut short) fails the file too, before anything is kept.
        const file = new PassThrough();
        // Its readers listen for themselves; this keeps a failure after the handler's end from ending the process.
        file.on('error', ignore);
        part.pipe(file, { end: false });
        this.#part = part;
        this.#file = file;
        this.#abandon = undefined;
        resolve({ stream: file, filename: filename || 'file', mimeType });
      });
      parser.on('error', () => this.#fail(malformedUpload()));
      parser.on('finish', () => {
        if (this.failure) return;
        if (this.#file) this.#file.end();
        else reject(invalidInput('file'));
      });
      this.#payload.pipe(parser);
    });
  }

  /** After the handler, whatever it answered (see the top of this file). */
  settle(reply: FastifyReply): void {
    if (this.#parser) this.#payload.unpipe(this.#parser);
    for (const stream of [this.#part, this.#file]) {
      if (stream && !stream.readableEnded) {
        stream.on('error', ignore);
        stream.destroy();
      }
    }
    if (this.#ended || this.#aborted) return;
    if (this.length === 0 || this.length > DRAIN_MAX) reply.header('connection', 'close');
    this.#payload.resume();
  }

  /**
   * The body failed: the first reason is kept, and the file's reader (or the one waiting for the file part) gets it.
   * The parser emits its error on the part without destroying it and then ends it: a reader that came later would
   * see a whole (truncated) file. Destroyed, the reader's stream fails every reader, late ones too.
   */
  #fail(error: AppError): void {
    this.failure ??= error;
    this.#abandon?.(this.failure);
    this.#abandon = undefined;
    if (this.#file && !this.#file.destroyed) this.#file.destroy(this.failure);
  }
}

export const malformedUpload = () => new AppError('malformedUpload');
