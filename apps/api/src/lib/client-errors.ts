import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** Node's parser errors for a request whose request line and headers overflow its limit (16 KB by default). */
const HEADER_OVERFLOW = new Set(['HPE_HEADER_OVERFLOW']);

/**
 * Answers a request Node's HTTP parser refused before any route could see it, in the app's
 * error envelope `{ success: false, error: { code, message } }` (issue #28 item 8; Fastify's
 * default wrote its own shape): an address or headers over Node's limit (a 100 KB query) →
 * 431 `REQUEST_TOO_LARGE`, a request not received within `REQUEST_TIMEOUT_MS` → 408
 * `REQUEST_TIMEOUT`, anything else malformed → 400 `INVALID_FORMAT`. The connection is then
 * closed. A reset or destroyed socket gets nothing.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = HEADER_OVERFLOW.has(err.code ?? '')
    ? [431, 'REQUEST_TOO_LARGE', 'The address or headers of the request are too large.']
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
      : [400, 'INVALID_FORMAT', 'Invalid format.'];
  const body = JSON.stringify({ success: false, error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
