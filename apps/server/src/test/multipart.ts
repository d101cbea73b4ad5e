import { expect } from 'vitest';
import type { Envelope, TestEnv } from './harness';

/** A `multipart/form-data` body holding one file in the field `file`, as a browser's upload sends it. */
export function multipart(name: string, content: Buffer | string, type = 'application/octet-stream') {
  const boundary = `----keel${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, Buffer.from(content), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Uploads `content` as the file `name` into space `sid` through the console's multipart upload, as `who` in `who`'s
 * property: the file service's (`/api/fis/fi/uploadFile`, answering `fid`) unless `endpoint` names another
 * (`/api/f/uploadFile`, a temporary task's file: `id`). The upload must succeed; answers the envelope's `data`.
 */
export async function upload(
  env: TestEnv,
  who: { token?: string; pno?: string },
  sid: string,
  name: string,
  content: Buffer | string,
  endpoint = '/api/fis/fi/uploadFile',
): Promise<{ fid: string; id: string }> {
  const { body, contentType } = multipart(name, content);
  const res = await env.app.inject({
    method: 'POST',
    url: `${endpoint}?sid=${sid}`,
    headers: { token: who.token ?? '', pno: who.pno ?? '', 'content-type': contentType },
    payload: body,
  });
  const json = res.json() as Envelope;
  expect(json.status, `${endpoint}: ${json.msg}`).toBe(0);
  return json.data;
}
