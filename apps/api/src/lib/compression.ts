import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Content types worth compressing: JSON, text (not event streams: each event must leave at
 * once), JavaScript, CSS, XML and SVG. Images, ZIPs and fonts are compressed already.
 */
export const COMPRESSIBLE_TYPE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml)|image\/svg\+xml)/i;

/** Responses smaller than this many bytes leave as they are (issue #11 item 1: 1 KB). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Adds `accept-encoding` to the reply's `Vary`, once. */
export function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) return;
  reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding');
}

/**
 * Issue #11 item 1: responses made at run time (the API's JSON, the OpenAPI document) of a
 * compressible type and at least 1 KB are compressed as the request's `accept-encoding`
 * prefers — brotli at quality 4 or gzip at level 6, @fastify/compress's defaults, cheap
 * enough per request — and every response of such a type carries `Vary: accept-encoding`,
 * compressed or not, so a shared cache keeps the variants apart. A body that already has a
 * `content-encoding` (the web app's pre-compressed files, a cached compressed list) and
 * partial content (206) are left alone; requests' bodies are not decompressed (a body is
 * read as sent). Register before the routes: @fastify/compress hooks the routes added after it.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPE,
    globalDecompression: false,
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (reply.statusCode === 304 || (typeof type === 'string' && COMPRESSIBLE_TYPE.test(type))) varyOnAcceptEncoding(reply);
    done(null, payload);
  });
}

/** The encodings the server makes, best first. */
export type Encoding = 'br' | 'gzip';
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/**
 * The encoding to send for an `accept-encoding` header as @fastify/compress would choose it
 * (the client's q-values, then brotli before gzip; `*` counts as gzip); null for none,
 * `identity`, or a value that names neither.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  return negotiator.negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'));
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses a body that will be sent many times (a cached list): brotli at quality 5 or
 * gzip at level 9, in libuv's thread pool so the event loop keeps serving meanwhile.
 */
export function encodeOnce(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 });
}

/** A cache of bodies sent many times, by key, with their compressed variants beside them (under `<key>:<encoding>`). */
export interface BodyCache {
  get(key: string): Buffer | undefined;
  set(key: string, body: Buffer): unknown;
}

/**
 * `body` as it leaves for a request preferring `encoding` (negotiateEncoding): compressed
 * once per `key` ({@link encodeOnce}) and kept in `cache` beside it, so a body sent again and
 * again (a cached list, a board's page) is compressed once; a body under
 * COMPRESS_THRESHOLD_BYTES, or no encoding, goes as it is.
 */
export async function encodedVariant(cache: BodyCache, key: string, body: Buffer, encoding: Encoding | null): Promise<{ body: Buffer; encoding: Encoding | null }> {
  if (!encoding || body.length < COMPRESS_THRESHOLD_BYTES) return { body, encoding: null };
  const variant = `${key}:${encoding}`;
  let packed = cache.get(variant);
  if (!packed) {
    packed = await encodeOnce(body, encoding);
    cache.set(variant, packed);
  }
  return { body: packed, encoding };
}
