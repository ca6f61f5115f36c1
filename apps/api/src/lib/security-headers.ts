import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** Where browsers send Content-Security-Policy violation reports (routes/csp-report). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API endpoint's name, as `report-to` and `Reporting-Endpoints` spell it. */
const REPORT_GROUP = 'csp';

/**
 * Google Identity Services, loaded by the sign-in dialog when GOOGLE_CLIENT_ID is set: its
 * script, its button's iframe and stylesheet, and the calls it makes (Google's documented
 * CSP for GIS). Apple sign-in is a full-page redirect to Apple and back (routes/auth/apple.ts),
 * so it loads nothing into the page and needs no origin here.
 */
const GIS = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};

/**
 * Powerful browser features the app never uses, switched off for it and anything it embeds.
 * Helmet does not set this header (issue #11 item 5).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The Content-Security-Policy directives for `config` (issue #11 item 5):
 * - scripts from the app's origin only (no inline script, no eval), plus GIS when Google
 *   sign-in is configured;
 * - styles from the app's origin plus inline styles (the components' `style` attributes);
 * - images from the app (`/files` signed URLs), `data:` and `blob:` (previews of images being
 *   uploaded), and any https address: link previews and article covers are other sites'
 *   images, shown as they are (plain http too when the app itself runs on http, as locally);
 * - no plugins, no `<base>` elsewhere, forms post to the app only, and no page may frame it;
 * - `CSP_EXTRA_ORIGINS` (a CDN or proxy serving the assets) join scripts, styles, images,
 *   fonts and connections;
 * - violations are reported to {@link CSP_REPORT_PATH}; over https plain-http requests are
 *   upgraded.
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const google = config.google.clientId !== '';
  const extra = config.cspExtraOrigins;
  const https = config.publicUrl.startsWith('https://');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(google ? [GIS.script] : []), ...extra],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...(google ? [GIS.style] : []), ...extra],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(https ? [] : ['http:']), ...extra],
    'font-src': ["'self'", ...extra],
    'connect-src': ["'self'", ...(google ? [GIS.connect] : []), ...extra],
    'frame-src': ["'self'", ...(google ? [GIS.frame] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    'report-to': [REPORT_GROUP],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Helmet's options for `config`: the CSP above; `X-Frame-Options: DENY` for browsers without
 * `frame-ancestors`; `Referrer-Policy: strict-origin-when-cross-origin`; HSTS (a year) only
 * when PUBLIC_URL is https; `Cross-Origin-Opener-Policy: same-origin-allow-popups`, since
 * Google's sign-in popup must be able to answer the page. `X-Content-Type-Options: nosniff`
 * and helmet's other defaults stay on.
 */
export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000 } : false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/**
 * The Content-Security-Policy of API JSON: nothing may load, nothing may frame it. A JSON
 * document is data, never rendered as a page (with nosniff a browser cannot be made to take
 * it for one), so the page policy's sources, reports and upgrades mean nothing there.
 */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A header set, built once: [name, value] pairs set on a response as they are. */
type HeaderSet = ReadonlyArray<readonly [string, string]>;

/**
 * The page headers: what helmet with {@link helmetOptions} sets (run once, at start, on a
 * stand-in response: every value is fixed by the configuration), plus the two it does not
 * set, {@link PERMISSIONS_POLICY} and the Reporting API's endpoint.
 */
export function pageHeaders(config: Config): HeaderSet {
  const set: [string, string][] = [];
  const capture = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, String(value)]),
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  helmet(helmetOptions(config))({} as never, capture as never, () => {});
  set.push(['permissions-policy', PERMISSIONS_POLICY]);
  set.push(['reporting-endpoints', `${REPORT_GROUP}="${CSP_REPORT_PATH}"`]);
  return set;
}

/**
 * The headers of API JSON (issue #9 item 12: the page headers were about 1.3 KB on every
 * list): {@link JSON_CSP}, and of the page headers only those that mean something for a
 * response that is not a page — `X-Content-Type-Options: nosniff` (the body is never taken
 * for HTML or script), `Referrer-Policy`, `X-Frame-Options: DENY` (no framing in old
 * browsers either), `Cross-Origin-Resource-Policy: same-origin` (other sites cannot load it
 * into their pages), and HSTS over https. Left out as page-only: Permissions-Policy,
 * Reporting-Endpoints, Cross-Origin-Opener-Policy, Origin-Agent-Cluster, and helmet's
 * legacy X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies and
 * X-XSS-Protection.
 */
export function jsonHeaders(config: Config): HeaderSet {
  const keep = new Set(['x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-resource-policy', 'strict-transport-security']);
  return [
    ['content-security-policy', JSON_CSP],
    ...pageHeaders(config).filter(([name]) => keep.has(name.toLowerCase())),
  ];
}

/**
 * The headers of the build's hashed files under /assets — scripts, style sheets, fonts,
 * images (issue #31: a first load fetched dozens of them, each carrying about 1.3 KB of
 * headers meant for documents): only what a file that is not a page needs —
 * `X-Content-Type-Options: nosniff` (a script or style is run only with its own type),
 * `Cross-Origin-Resource-Policy: same-origin`, `Referrer-Policy` (a style sheet's own
 * requests) and HSTS over https. No CSP: the app starts no worker from /assets (a worker
 * script's response would carry its policy), and a page's policy comes with the page.
 */
export function assetHeaders(config: Config): HeaderSet {
  const keep = new Set(['x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'strict-transport-security']);
  return pageHeaders(config).filter(([name]) => keep.has(name.toLowerCase()));
}

/** Whether `url` is one of the build's hashed files (served with {@link assetHeaders}). */
export function isAssetUrl(url: string): boolean {
  return url.startsWith('/assets/');
}

/** Responses with the JSON headers: the API's JSON, and bodiless answers (304, 204) under /api. */
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

/** Whether `url` is an API address whose answers are JSON: under /api, except the API browser (/api/docs, HTML). */
export function isJsonApiUrl(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Registers the security headers on every response of `app` (issue #11 item 5, issue #9
 * item 12): pages and every other response get the {@link pageHeaders}, API JSON the
 * shorter {@link jsonHeaders}, the build's hashed files the {@link assetHeaders} (opened as
 * a document, e.g. a script typed into the address bar, they get the page set). They are set when a request arrives — the JSON set for an
 * {@link isJsonApiUrl} address, else the page set — and an API answer that turns out not to
 * be JSON (HTML, text, a file) gets the page set before it leaves. Both sets are built once
 * here: `@fastify/helmet` builds a new helmet (parsing the CSP directives again) on every
 * request, 3.7 % of the server's CPU in the source list bench. Headers are set on the raw
 * response, so a route may replace one with its own (/files sends its own sandbox CSP).
 * @returns a function that sets the same headers on a reply made outside the routing
 *   (Fastify's `frameworkErrors`, e.g. a malformed URL), where no hook runs.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const page = pageHeaders(config);
  const json = jsonHeaders(config);
  const asset = assetHeaders(config);
  const apply = (reply: FastifyReply, set: HeaderSet) => {
    const res = reply.raw;
    for (const [name, value] of set) res.setHeader(name, value);
  };
  const secure = (reply: FastifyReply) => {
    const url = reply.request.url;
    apply(reply, isJsonApiUrl(url) ? json : isAssetUrl(url) && !reply.request.headers['sec-fetch-dest']?.startsWith('document') ? asset : page);
  };
  app.addHook('onRequest', (_req, reply, done) => {
    secure(reply);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isJsonApiUrl(req.url)) {
      const type = reply.getHeader('content-type');
      if (type !== undefined && !JSON_TYPE.test(String(type))) apply(reply, page);
    }
    done(null, payload);
  });
  return secure;
}
