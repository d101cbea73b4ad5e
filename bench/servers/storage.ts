// Keel (servers/keel-app.ts) with two small routes over its BlobStore (the local disk under DATA_DIR, as `npm
// start` configures it), for the storage bench (storage.ts):
// - `PUT /bench/blob`: the request body streamed into `store.put` (hashed in-stream, written, fsynced, renamed);
//   answers `{ sha256, size }`.
// - `GET /bench/blob/:sha256`: `sendBlob` (platform/storage/download.ts), the files module's download path.
// - `PUT /bench/sink`: the request body read and dropped; answers `{ size }`. What any upload over this loopback
//   reaches at most, printed beside the judged upload.
// The files endpoints themselves come with the storage issue's files module; these routes measure the same store and
// the same `sendBlob` without its metadata lookups. Besides servers/ipc.ts's messages, nothing.
import { sendBlob } from '@keel/server/platform/storage/download';
import { serveKeel } from './keel-app';

const MAX_SIZE = 4 * 1024 ** 3;

await serveKeel(async (app) => {
  const store = app.keel.blobs.store;
  await app.register(async (bench) => {
    // The body is the raw request stream: no parser reads it.
    bench.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
    bench.put('/bench/blob', { bodyLimit: MAX_SIZE }, async (request) => {
      const info = await store.put(request.raw, { maxSize: MAX_SIZE });
      return { sha256: info.sha256, size: info.size };
    });
    bench.put('/bench/sink', { bodyLimit: MAX_SIZE }, async (request) => {
      let size = 0;
      for await (const chunk of request.raw as AsyncIterable<Buffer>) size += chunk.length;
      return { size };
    });
    bench.get<{ Params: { sha256: string } }>('/bench/blob/:sha256', async (request, reply) => {
      const stat = await store.stat(request.params.sha256);
      if (!stat) return reply.code(404).send({ error: 'no such blob' });
      return sendBlob(store, request, reply, { sha256: request.params.sha256, size: stat.size, name: '固件 1 GB.bin' });
    });
  });
});
