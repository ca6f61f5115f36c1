import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { AppError, InvalidFormatError, UrlNotAllowedError } from '../errors.ts';
import { FairQueue, QueueFullError, type Ticket } from './fair-queue.ts';

/** Defaults of {@link safeFetch}: 5 s overall, 2 MB (2,097,152 bytes) of body, 5 redirects. */
export const SAFE_FETCH_DEFAULTS = {
  timeoutMs: 5_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
} as const;

/** Headers a desktop browser sends, so sites answer with the page people see. */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7',
  'accept-encoding': 'gzip, deflate, br',
};

/**
 * Every outbound fetch of this process goes through one bounded line (issue #9): 16 at
 * once, at most 128 admitted, 32 of them to one host — so no flood of requests or saves
 * can turn the server into a firehose against a site, or pile up sockets without bound —
 * and at most 8 running for one host (issue #29: a site that never answers holds half the
 * line at most, and the other hosts' fetches go on).
 */
const outbound = new FairQueue({ concurrency: 16, maxAdmitted: 128, maxPerKey: 32, maxRunningPerKey: 8 });

/** Whether an IP address (string form) may be connected to. */
export type AddressPolicy = (address: string) => boolean;

/** Why a fetch gave up; none of these is the caller's fault. */
export type SafeFetchFailure =
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'bad-redirect'
  | 'http-status'
  | 'unsupported-type'
  | 'unsupported-encoding'
  | 'network'
  /** This process already has as many fetches running and waiting as it allows. */
  | 'busy';

/**
 * A fetch that failed for a network or remote-side reason (timeout, size, status, type…).
 * Callers that only want best-effort data treat it as "nothing found".
 */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SafeFetchError';
  }
}

/**
 * True when `address` is a public unicast IP: not loopback, private (10/8, 172.16/12,
 * 192.168/16), link-local (169.254/16, fe80::/10), unique-local (fc00::/7), CGNAT
 * (100.64/10), unspecified (0.0.0.0, ::), multicast, broadcast, reserved or documentation
 * ranges, nor an IPv6 form that embeds an IPv4 address (mapped ::ffff:0:0/96, NAT64,
 * 6to4, Teredo). IPv6 must further lie in global unicast 2000::/3. Invalid input → false.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address); // ::ffff:a.b.c.d is judged as a.b.c.d
  if (ip.range() !== 'unicast') return false;
  if (ip.kind() === 'ipv6') return (ip as ipaddr.IPv6).match(ipaddr.IPv6.parse('2000::'), 3);
  return true;
}

/** The policy of {@link safeFetch}: every address with `allowPrivate`, else public ones only. */
export const addressPolicy = (allowPrivate: boolean): AddressPolicy =>
  allowPrivate ? (address) => ipaddr.isValid(address) : isPublicAddress;

/** Options of {@link safeFetch}. */
export interface SafeFetchOptions {
  /** Allow loopback and private addresses (config.metadataAllowPrivate). Default false. */
  allowPrivate?: boolean;
  /** Replaces the address policy (tests: allow 127.0.0.1, refuse 127.0.0.2). */
  allowAddress?: AddressPolicy;
  /** Overall deadline covering DNS, every redirect and the body, ms. Default 5,000. */
  timeoutMs?: number;
  /** Largest body read, bytes, both as sent and after decompression. Default 2,097,152. */
  maxBytes?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  /** Media types (lower case, no parameters) whose bodies are read; others fail unread. */
  accept?: readonly string[];
}

/** A successful (2xx) response with its whole, decompressed body. */
export interface SafeFetchResponse {
  /** Final URL after redirects; relative links in the body resolve against it. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** Media type from Content-Type, lower case without parameters ('' when absent). */
  contentType: string;
  /** `charset` parameter of Content-Type, if any (not validated). */
  charset: string | undefined;
  /** Decompressed body, at most `maxBytes` bytes. */
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Parses a user-supplied URL: http or https with a host, else INVALID_FORMAT (400).
 * @throws AppError INVALID_FORMAT.
 */
export function parseHttpUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw InvalidFormatError({ url: 'Not a valid URL' });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw InvalidFormatError({ url: 'Only http and https links are allowed' });
  }
  return url;
}

/** `[::1]` → `::1`; other host names unchanged. */
const bareHost = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

interface Resolved {
  address: string;
  family: number;
}

/**
 * Resolves `url`'s host (IP literals without DNS) and checks every address against
 * `allow`. Nothing is sent to the host here.
 * @throws AppError URL_NOT_ALLOWED (400) when any address is refused; SafeFetchError
 *   'network' when the name does not resolve.
 */
async function resolveAllowed(url: URL, allow: AddressPolicy): Promise<Resolved[]> {
  const host = bareHost(url.hostname);
  let addresses: Resolved[];
  const family = isIP(host);
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch (e) {
      throw new SafeFetchError('network', `Cannot resolve ${host}`, undefined, { cause: e });
    }
  }
  const refused = addresses.find((a) => !allow(a.address));
  if (refused || addresses.length === 0) {
    throw UrlNotAllowedError({ host, address: refused?.address });
  }
  return addresses;
}

/** A `lookup` for http.request that answers only with the addresses already checked. */
function pinnedLookup(addresses: Resolved[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

/** Sends one GET to the pinned addresses; resolves once headers arrive. */
function request(url: URL, addresses: Resolved[], signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url.hostname),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: BROWSER_HEADERS,
        lookup: pinnedLookup(addresses),
        agent: false, // no pooled socket from another check
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** Reads `res` into one buffer, giving up past `maxBytes`. */
function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new SafeFetchError('too-large', `Body over ${maxBytes} bytes`));
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks, size)));
    res.on('error', reject);
    res.on('aborted', () => reject(new SafeFetchError('network', 'Response aborted')));
  });
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotli = promisify(zlib.brotliDecompress);

/** Undoes Content-Encoding within `maxBytes` of output (a zip bomb stops at the cap). */
async function decompress(raw: Buffer, encoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== 'identity');
  if (raw.length === 0) return raw;
  let body = raw;
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: maxBytes };
  try {
    for (const coding of codings.reverse()) {
      if (coding === 'gzip' || coding === 'x-gzip') body = await gunzip(body, lenient);
      else if (coding === 'br') body = await brotli(body, { maxOutputLength: maxBytes });
      else if (coding === 'deflate') {
        // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate.
        body = (body[0]! & 0x0f) === 8 ? await inflate(body, lenient) : await inflateRaw(body, lenient);
      } else throw new SafeFetchError('unsupported-encoding', `Content-Encoding ${coding}`);
    }
  } catch (e) {
    if (e instanceof SafeFetchError) throw e;
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new SafeFetchError('too-large', `Body over ${maxBytes} bytes decompressed`);
    }
    throw new SafeFetchError('network', 'Cannot decompress the body', undefined, { cause: e });
  }
  return body;
}

/** `text/html; charset=EUC-KR` → `{ type: 'text/html', charset: 'EUC-KR' }`. */
function parseContentType(header: string | undefined): { type: string; charset: string | undefined } {
  if (!header) return { type: '', charset: undefined };
  const [type = '', ...params] = header.split(';');
  let charset: string | undefined;
  for (const p of params) {
    const [k, v] = p.split('=');
    if (k?.trim().toLowerCase() === 'charset' && v) charset = v.trim().replace(/^["']|["']$/g, '');
  }
  return { type: type.trim().toLowerCase(), charset };
}

/** Rejects once `signal` aborts; never settles otherwise. */
const whenAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    const fail = () => reject(new SafeFetchError('timeout', 'Timed out'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });

/**
 * GETs `input` on the server's behalf without letting it reach internal services (SSRF):
 * only http(s) URLs with a host; the host is resolved here and every address must pass
 * the policy (public unicast, see {@link isPublicAddress}, unless `allowPrivate`) before
 * any packet is sent; the connection goes to exactly the checked addresses (a pinned
 * `lookup`, so DNS rebinding cannot swap them); redirects are followed by hand (at most
 * `maxRedirects`), each hop checked the same way; one deadline (`timeoutMs`) covers it
 * all; bodies stop at `maxBytes` before and after gzip/br/deflate decoding; only media
 * types in `accept` are read. Sends browser-like User-Agent and Accept headers.
 * Waits its turn in the process's outbound line (16 at once; SafeFetchError 'busy' when
 * it is full), within the same time limit.
 * @returns the final 2xx response with its decompressed body.
 * @throws AppError INVALID_FORMAT (400) for a malformed or non-http(s) `input`;
 *   AppError URL_NOT_ALLOWED (400) when the host or a redirect's host is, or resolves to,
 *   a refused address (nothing is sent to it); SafeFetchError for everything else
 *   (timeout, too large, too many or non-http(s) redirects, HTTP error status,
 *   unaccepted media type, unreachable host).
 */
export async function safeFetch(input: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const url = parseHttpUrl(input);
  const timeoutMs = opts.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const allow = opts.allowAddress ?? addressPolicy(opts.allowPrivate ?? false);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const signal = controller.signal;
  let current: IncomingMessage | undefined;

  const run = async (): Promise<SafeFetchResponse> => {
    let target = url;
    for (let hop = 0; ; hop++) {
      const addresses = await resolveAllowed(target, allow);
      if (signal.aborted) throw new SafeFetchError('timeout', 'Timed out');
      const res = (current = await request(target, addresses, signal));
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.destroy();
        if (hop >= maxRedirects) throw new SafeFetchError('too-many-redirects', `More than ${maxRedirects} redirects`);
        let next: URL;
        try {
          next = new URL(res.headers.location, target);
        } catch {
          throw new SafeFetchError('bad-redirect', 'Malformed redirect');
        }
        if ((next.protocol !== 'http:' && next.protocol !== 'https:') || !next.hostname) {
          throw new SafeFetchError('bad-redirect', `Redirect to ${next.protocol}`);
        }
        target = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new SafeFetchError('http-status', `HTTP ${status}`, status);
      }
      const { type, charset } = parseContentType(res.headers['content-type']);
      if (opts.accept && !opts.accept.includes(type)) {
        res.destroy();
        throw new SafeFetchError('unsupported-type', `Content-Type ${type || '(none)'}`, status);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        throw new SafeFetchError('too-large', `Content-Length ${declared} over ${maxBytes} bytes`, status);
      }
      const raw = await readCapped(res, maxBytes);
      const body = await decompress(raw, res.headers['content-encoding'], maxBytes);
      return { url: target.href, status, headers: res.headers, contentType: type, charset, body };
    }
  };

  let ticket: Ticket;
  try {
    ticket = outbound.admit(url.hostname);
  } catch (e) {
    clearTimeout(timer);
    if (e instanceof QueueFullError) throw new SafeFetchError('busy', 'Too many fetches at once');
    throw e;
  }
  try {
    return await Promise.race([ticket.run(run), whenAborted(signal)]);
  } catch (e) {
    if (signal.aborted) throw new SafeFetchError('timeout', `No complete answer within ${timeoutMs} ms`);
    if (e instanceof SafeFetchError || e instanceof AppError) throw e;
    throw new SafeFetchError('network', (e as Error).message ?? 'Network error', undefined, { cause: e });
  } finally {
    ticket.release();
    clearTimeout(timer);
    controller.abort(); // tears down a request still in flight
    current?.destroy();
  }
}
