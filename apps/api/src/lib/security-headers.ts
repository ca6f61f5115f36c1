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
 * - styles from the app's origin plus inline styles (React's `style` attributes);
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

/** The headers helmet does not set: Permissions-Policy and the Reporting API's endpoint. */
function setOwnHeaders(reply: FastifyReply) {
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  reply.header('reporting-endpoints', `${REPORT_GROUP}="${CSP_REPORT_PATH}"`);
}

/**
 * Registers the security headers on every response of `app` (issue #11 item 5): helmet
 * with {@link helmetOptions}, and {@link PERMISSIONS_POLICY}, set when a request arrives.
 * Routes may replace a header with a stricter one (/files sends its own sandbox CSP).
 * helmet is built once here rather than through `@fastify/helmet`, which builds a new helmet
 * (parsing the CSP directives again) on every request: 3.7 % of the server's CPU in the
 * source list bench.
 * @returns a function that sets the same headers on a reply made outside the routing
 *   (Fastify's `frameworkErrors`, e.g. a malformed URL), where no hook runs.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const apply = helmet(helmetOptions(config));
  const secure = (reply: FastifyReply) => {
    apply(reply.request.raw, reply.raw, () => {});
    setOwnHeaders(reply);
  };
  app.addHook('onRequest', (_req, reply, done) => {
    secure(reply);
    done();
  });
  return secure;
}
