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
