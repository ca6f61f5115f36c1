import type { ErrorBody } from '@sauce/contract/common';
import { appendQuery, type QueryInput } from '@sauce/contract/endpoint-path';
import { API_VERSION, API_VERSION_HEADER, COOKIES, CSRF_HEADER } from '@sauce/contract/http';
import { reportClientOutdated } from './client-outdated.ts';

/** An API error with the server's stable code (SPEC §8), status and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Reads a cookie that scripts may read (the anti-forgery and workspace cookies). */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

/**
 * The anti-forgery header of the double-submit pair (SPEC §7 Generic: cookie `csrf_token`,
 * header `x-csrf-token`), for every write; also for requests made without {@link api}
 * (XMLHttpRequest uploads with progress).
 */
export function csrfHeaders(): Record<string, string> {
  return { [CSRF_HEADER]: readCookie(COOKIES.csrf) ?? '' };
}

/** How {@link api} reaches the API when a page is rendered on the server (entry-server.tsx). */
export interface ApiTransport {
  /** The origin request URLs are made on, e.g. 'http://localhost:3000'. */
  origin: string;
  /** Answers a request, e.g. by asking the API in the same process. */
  fetch: typeof fetch;
}

let serverTransport: ApiTransport | null = null;

/** Sets the server renderer's transport (entry-server.tsx); browsers use the page's origin and `fetch`. */
export function setServerTransport(transport: ApiTransport) {
  serverTransport = transport;
}

let refreshing: Promise<boolean> | null = null;
/** When this page last refreshed ahead of expiry (ms): at most once a minute, whatever the clocks say. */
let refreshedAhead = 0;
/** How long before the access token expires the page refreshes it, ms. */
const REFRESH_AHEAD_MS = 60_000;

/**
 * Issue #31 item 24: refreshes the session before a request when the access token expires
 * within a minute (the readable COOKIES.accessExpires cookie, ms since the epoch), so the
 * request never meets a 401 — which the browser's console would log, though the refresh
 * after it works too. Signed out (no cookie): nothing. A clock far off the server's refreshes
 * at most once a minute; the 401 path stays the net.
 */
async function refreshAhead(): Promise<void> {
  // A refresh under way (this one's, or a 401's): the request waits for the new token instead
  // of going out with the expired one beside it (a page back from sleep asks several at once).
  if (refreshing) {
    await refreshing;
    return;
  }
  const expires = Number(readCookie(COOKIES.accessExpires));
  if (!expires || Date.now() < expires - REFRESH_AHEAD_MS || Date.now() - refreshedAhead < REFRESH_AHEAD_MS) return;
  refreshedAhead = Date.now();
  await refreshSession();
}

/**
 * One refresh at a time: rotates the refresh cookie, true when a new session was issued.
 * Callers retry their request once after a 401 TOKEN_EXPIRED when it resolves true.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/auth/token/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Query parameters; undefined values are dropped, arrays repeat the key. */
  query?: QueryInput;
  signal?: AbortSignal;
  /** Fetch cache mode, e.g. 'no-cache' to always revalidate (SPEC §7 shared-source read). */
  cache?: RequestCache;
}

/**
 * Calls the same-origin API at `/api${path}` with the session cookies and the
 * anti-forgery header (SPEC §7 Generic), unwraps `{ success, data }`, and on a 401 with an
 * expired token refreshes the session once and retries. Tokens never touch script storage.
 * Sends the build's `Api-Version`; a 426 CLIENT_OUTDATED also raises the 'Please update the
 * service' notice (lib/client-outdated.ts).
 * @throws ApiError with the server's code, or code NETWORK when the request failed.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, serverTransport?.origin ?? window.location.origin);
  const request = serverTransport?.fetch ?? fetch;
  appendQuery(url.searchParams, opts.query);
  const send = () =>
    request(url, {
      method: opts.method ?? 'GET',
      credentials: 'same-origin',
      signal: opts.signal,
      cache: opts.cache,
      headers: {
        ...(opts.body !== undefined && !(opts.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...csrfHeaders(),
        // SPEC §7: the API this build speaks; an older one than the server serves gets 426.
        [API_VERSION_HEADER]: String(API_VERSION),
      },
      body:
        opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
    });
  let res: Response;
  try {
    if (!serverTransport) await refreshAhead();
    res = await send();
    if (res.status === 401 && isTokenExpired(res.status, await res.clone().json().catch(() => null))) {
      if (await refreshSession()) res = await send();
    }
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  const json = (await res.json().catch(() => null)) as { success: true; data: T } | ErrorBody | null;
  if (res.ok && json && json.success) return json.data;
  const error = apiErrorOf(res.status, json, res.statusText);
  // SPEC §8 'Please update the service': the page says so and offers to reload.
  if (error.code === 'CLIENT_OUTDATED' && !serverTransport) reportClientOutdated();
  throw error;
}

/** True for the body of a 401 that a session refresh can cure. */
export function isTokenExpired(status: number, json: unknown): boolean {
  return status === 401 && (json as ErrorBody | null)?.error?.code === 'TOKEN_EXPIRED';
}

/**
 * The ApiError for a failed response: the server's `{ error: { code, message, details } }`,
 * else SYSTEM_ERROR with the status text (a proxy's HTML page, an empty body).
 */
export function apiErrorOf(status: number, json: unknown, statusText = ''): ApiError {
  const body = json as ErrorBody | null;
  if (body && body.success === false && body.error) {
    return new ApiError(status, body.error.code, body.error.message, body.error.details);
  }
  return new ApiError(status, 'SYSTEM_ERROR', statusText);
}
