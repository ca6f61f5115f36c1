import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body with one file part named `file`, as a browser's FormData
 * sends it. @returns the payload and its content-type header, for `app.inject`.
 */
export function multipart(data: Buffer, opts: { filename?: string; contentType?: string } = {}) {
  const boundary = `----sauce${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename ?? 'image.jpg'}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
