import { randomBytes } from 'node:crypto';

/** A part of a multipart form: a text field, or a file. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; data: Buffer; filename?: string; contentType?: string };

/**
 * A multipart/form-data body of `parts`, as a browser's FormData sends it.
 * @returns the payload and its content-type header, for `app.inject`.
 */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----sauce${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((p) =>
    'value' in p
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename ?? 'image.jpg'}"\r\n` +
              `Content-Type: ${p.contentType ?? 'image/jpeg'}\r\n\r\n`,
          ),
          p.data,
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A multipart/form-data body with one file part named `file`, as the upload endpoint takes.
 * @returns the payload and its content-type header, for `app.inject`.
 */
export function multipart(data: Buffer, opts: { filename?: string; contentType?: string } = {}) {
  return multipartForm([{ name: 'file', data, ...opts }]);
}
