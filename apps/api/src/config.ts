import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BETA_PLAN, type Plan } from '@sauce/contract/limits';
import { StartupError } from './errors.ts';
import { findChromium } from './jobs/page-browser.ts';

/** An absolute http(s) URL (links shown to people: never `javascript:`). */
const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * The project's own home page (its repository), where the shell's links lead by default
 * (issue #31 item 25): the feedback button opens its issue tracker, the app and plugin links
 * the project page itself, until the operator points them elsewhere.
 */
export const PROJECT_URL = 'https://github.com/sauce-archive/sauce';

/** The shell's links' defaults (FEEDBACK_URL, ANDROID_APP_URL, IOS_APP_URL, FIGMA_PLUGIN_URL). */
export const DEFAULT_LINKS = {
  feedback: `${PROJECT_URL}/issues`,
  android: PROJECT_URL,
  ios: PROJECT_URL,
  plugin: PROJECT_URL,
} as const;

/** The value that hides one of the shell's links (an empty value does too). */
const LINK_OFF = 'off';

/**
 * One of the shell's external links (SPEC §1, §2 Sidebar; issue #31 item 25): unset, `fallback`;
 * empty or `off` (any case), null: not shown; anything else must be an absolute http(s) URL,
 * else the server does not start.
 */
const linkUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx) => {
      const v = raw.trim();
      if (v === '' || v.toLowerCase() === LINK_OFF) return null;
      if (httpUrl.safeParse(v).success) return v;
      ctx.addIssue({ code: 'custom', input: raw, message: `expected an http(s) URL, or '${LINK_OFF}' (or empty) to hide the link; got ${JSON.stringify(raw)}` });
      return z.NEVER;
    });

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

/** A plan limit (issue #22): a positive whole number, or 'unlimited' (null); unset stays undefined. */
const planLimit = z
  .union([z.literal('unlimited').transform(() => null), z.coerce.number().int().min(1).max(1_000_000_000)])
  .optional();

/**
 * Every environment variable the server reads, parsed once (docs/operating.md "Configuration").
 * Defaults are the quick start: embedded PostgreSQL, files under ./data, dev sign-in on.
 */
const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  /** Public origin of the app, used for Apple's redirect URI and Secure cookies. */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Secret for access tokens (HS256), at least 32 characters; generated into DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  AUTH_DEV_LOGIN: bool.optional(),
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_CLIENT_ID: z.string().default(''),
  APPLE_ISSUER: z.string().default('https://appleid.apple.com'),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  APPLE_AUTHORIZE_URL: z.url().default('https://appleid.apple.com/auth/authorize'),
  METADATA_ALLOW_PRIVATE: bool.default(false),
  /** Issue #23: retries of a link preview whose site did not answer, and the first wait (s, doubling). */
  LINK_PREVIEW_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  LINK_PREVIEW_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Issue #21: keep the readable text of every saved link's page (a fetch per link); false: no copies. */
  LINK_COPIES: bool.default(true),
  /** Issue #21: a screenshot with each copy, when a browser is at hand (below); false: text only. */
  LINK_SCREENSHOTS: bool.default(true),
  /** The Chromium that draws them; default `chromium` on the PATH. */
  CHROMIUM_PATH: z.string().optional(),
  /** A remote browser instead (a Playwright server or Chrome DevTools endpoint, e.g. browserless). */
  BROWSER_WS_ENDPOINT: z.string().regex(/^(wss?|https?):\/\//, 'a ws://, wss://, http:// or https:// address').optional(),
  /** Pages the browser draws at once in this process. */
  BROWSER_PAGES: z.coerce.number().int().min(1).max(16).default(2),
  /** Issue #33: read the words in images in the background (search and 'Text in image'); false: none are read. */
  IMAGE_TEXT: bool.default(true),
  /** Issue #33: Tesseract's languages, '+'-separated; each needs its npm package `@tesseract.js-data/<code>`. */
  IMAGE_TEXT_LANGS: z.string().regex(/^[a-z_]+(\+[a-z_]+)*$/, "Tesseract language codes joined by '+', e.g. kor+eng").default('kor+eng'),
  /** Issue #33: images read at once in this process (an engine each, in a worker thread). */
  IMAGE_TEXT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** Issue #33: the CPU time the reading of one image may take, ms; past it the image is 'could not be read'. */
  IMAGE_TEXT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Issue #33: the reading threads' nice value (Linux), 0–19: 19, the server's requests and PostgreSQL go first. */
  IMAGE_TEXT_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /** Comma-separated origins allowed to call the API cross-origin (mobile apps, plugin). */
  CORS_ORIGINS: z.string().default(''),
  /** Issue #11: comma-separated origins the Content-Security-Policy also allows (a CDN in front of the assets). */
  CSP_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin))),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Longest time to receive a whole request (headers and body), ms; 0 turns it off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  /** Longest time to receive a request's headers, ms. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Longest wait for a database connection before answering 503, ms. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Longest a single SQL statement may run, ms (the server cancels it; the client gives up 2 s later). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Bearer token of GET /metrics (Prometheus); unset: /metrics is off. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Redis shared by several API processes (rate limits, link-preview cache); unset: in-process. */
  REDIS_URL: z.string().optional(),
  /** Prefix of every Redis key (several installations, or tests, on one Redis). */
  REDIS_PREFIX: z.string().default('sauce:'),
  /** How often idle background workers look for jobs, seconds (0.5 to 60). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Comma-separated e-mail addresses of administrators (articles, notices). */
  ADMIN_EMAILS: z.string().default(''),
  /** Issue #22: the installation's plan; a positive number or 'unlimited'; unset: SPEC §9's beta plan. */
  PLAN_SOURCES_PER_SPACE: planLimit,
  PLAN_FOLDERS_PER_SPACE: planLimit,
  PLAN_MEMBERS_PER_SPACE: planLimit,
  PLAN_SPACES_PER_PERSON: planLimit,
  /** Issue #10: an OpenAI-compatible endpoint for AI summaries (unset: the built-in extractive summariser). */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Longest wait for the endpoint's whole answer, ms. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** Most tokens a summary may use (`max_tokens`). */
  AI_MAX_TOKENS: z.coerce.number().int().min(16).max(8_192).default(400),
  /** Most characters of article text sent to the endpoint. */
  AI_MAX_INPUT_CHARS: z.coerce.number().int().min(500).max(200_000).default(12_000),
  /** Longest wait for an article page when summarising it, ms. */
  SUMMARY_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Retries of a summary whose page did not answer (10 s, 20 s… apart). */
  SUMMARY_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** When subscribed feeds are polled (cron, UTC). */
  FEED_POLL_CRON: z.string().min(9).default('*/30 * * * *'),
  /** Load the curated seed articles when the database has never held an article. */
  ARTICLES_SEED: bool.default(true),
  /** Issue #8, #31 item 25: the shell's external links; unset, the project's pages; '' or 'off', hidden. */
  FEEDBACK_URL: linkUrl(DEFAULT_LINKS.feedback),
  ANDROID_APP_URL: linkUrl(DEFAULT_LINKS.android),
  IOS_APP_URL: linkUrl(DEFAULT_LINKS.ios),
  FIGMA_PLUGIN_URL: linkUrl(DEFAULT_LINKS.plugin),
  /** Sign-in attempts allowed per IP per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Issue #28 item 3: longest a search's statement may run, ms (DB_STATEMENT_TIMEOUT_MS is everything else's). */
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(3_000),
  /** Issue #28 item 3: searches allowed per person (per address when signed out) per minute. */
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  WEB_DIST: z.string().optional(),
  /** Object storage for uploaded images: set S3_BUCKET to use S3/MinIO, else files go to DATA_DIR/files. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing (`endpoint/bucket/key`), as MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Key prefix inside the bucket, e.g. `sauce/`. */
  S3_PREFIX: z.string().default(''),
});

export type Config = ReturnType<typeof loadConfig>;

/** Whether `host` (a hostname or address, IPv6 with or without brackets) names this machine's loopback interface. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether `url` points at this machine (localhost, 127.0.0.0/8, ::1). */
function isLocalUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/**
 * Parses `env` into the server configuration.
 * @throws StartupError naming every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new StartupError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  // Issue #28 item 1: the password-less development sign-in is on by default only where
  // nobody else can reach it — the server listens on loopback and its public address is
  // this machine. Turned on anywhere else (AUTH_DEV_LOGIN=true) it is logged as exposed.
  const localOnly = !production && isLoopbackHost(e.HOST) && isLocalUrl(publicUrl);
  const devLoginOn = e.AUTH_DEV_LOGIN ?? localOnly;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    authSecret: e.AUTH_SECRET,
    /**
     * Password-less development sign-in (issue #28 item 1); even when on, it serves only
     * requests from this machine (routes/auth/index.ts `isFromThisMachine`).
     * `devLoginExposed`: turned on where others may reach the server, so a warning is logged
     * at start and on every sign-in.
     */
    devLogin: devLoginOn,
    devLoginExposed: devLoginOn && !localOnly,
    google: { clientId: e.GOOGLE_CLIENT_ID, issuer: e.GOOGLE_ISSUER, jwksUrl: e.GOOGLE_JWKS_URL },
    apple: {
      clientId: e.APPLE_CLIENT_ID,
      issuer: e.APPLE_ISSUER,
      jwksUrl: e.APPLE_JWKS_URL,
      authorizeUrl: e.APPLE_AUTHORIZE_URL,
    },
    metadataAllowPrivate: e.METADATA_ALLOW_PRIVATE,
    linkPreview: { retries: e.LINK_PREVIEW_RETRIES, retryDelayS: e.LINK_PREVIEW_RETRY_SECONDS, copies: e.LINK_COPIES },
    /** Issue #21: the browser that draws the copies' screenshots; both null: none (text only). */
    browser: e.LINK_SCREENSHOTS
      ? { executablePath: e.BROWSER_WS_ENDPOINT ? null : findChromium(e.CHROMIUM_PATH), wsEndpoint: e.BROWSER_WS_ENDPOINT ?? null, maxPages: e.BROWSER_PAGES }
      : { executablePath: null, wsEndpoint: null, maxPages: e.BROWSER_PAGES },
    /** Issue #33: the words in images, read by jobs/image-text.ts (lib/text-reader.ts). */
    imageText: {
      enabled: e.IMAGE_TEXT,
      langs: e.IMAGE_TEXT_LANGS.split('+'),
      concurrency: e.IMAGE_TEXT_CONCURRENCY,
      timeoutMs: e.IMAGE_TEXT_TIMEOUT_MS,
      nice: e.IMAGE_TEXT_NICE,
    },
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    cspExtraOrigins: e.CSP_EXTRA_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    /** Issue #28 item 3: a search's own statement limit and each person's searches a minute. */
    search: { statementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS, perMinute: e.SEARCH_RATE_LIMIT },
    jobPollSeconds: e.JOB_POLL_SECONDS,
    redis: { url: e.REDIS_URL || undefined, prefix: e.REDIS_PREFIX },
    metricsToken: e.METRICS_TOKEN,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    db: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS },
    /** Issue #8: external links the web app shows (GET /api/app/config); null: turned off, hidden. */
    links: {
      feedback: e.FEEDBACK_URL,
      android: e.ANDROID_APP_URL,
      ios: e.IOS_APP_URL,
      plugin: e.FIGMA_PLUGIN_URL,
    },
    /** Lowercased; compared with a signed-in person's e-mail (auth/admin.ts). */
    plan: {
      sources: e.PLAN_SOURCES_PER_SPACE === undefined ? BETA_PLAN.sources : e.PLAN_SOURCES_PER_SPACE,
      folders: e.PLAN_FOLDERS_PER_SPACE === undefined ? BETA_PLAN.folders : e.PLAN_FOLDERS_PER_SPACE,
      members: e.PLAN_MEMBERS_PER_SPACE === undefined ? BETA_PLAN.members : e.PLAN_MEMBERS_PER_SPACE,
      spaces: e.PLAN_SPACES_PER_PERSON === undefined ? BETA_PLAN.spaces : e.PLAN_SPACES_PER_PERSON,
    } satisfies Plan,
    adminEmails: new Set(e.ADMIN_EMAILS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
    /** Issue #10: summaries by an OpenAI-compatible endpoint when `baseUrl` is set. */
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      maxTokens: e.AI_MAX_TOKENS,
      maxInputChars: e.AI_MAX_INPUT_CHARS,
    },
    /** Issue #10: article summaries, feeds and the seed. */
    articles: {
      summaryFetchTimeoutMs: e.SUMMARY_FETCH_TIMEOUT_MS,
      summaryRetries: e.SUMMARY_RETRIES,
      feedPollCron: e.FEED_POLL_CRON,
      seed: e.ARTICLES_SEED,
    },
    files: e.S3_BUCKET
      ? {
          driver: 's3' as const,
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : { driver: 'local' as const, dir: path.join(dataDir, 'files') },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

/**
 * Makes the data directory (embedded database, uploaded files, secrets) readable by the
 * app's user only: mode 0700 — or 0711 when root runs the embedded database, whose
 * 'postgres' user must pass through it to reach its own 0700 directory (issue #9).
 */
export function prepareDataDir(config: Config): void {
  const mode = !config.databaseUrl && process.getuid?.() === 0 ? 0o711 : 0o700;
  mkdirSync(config.dataDir, { recursive: true, mode });
  chmodSync(config.dataDir, mode);
}

/**
 * The access-token secret: AUTH_SECRET, or one generated once and kept in
 * `<dataDir>/auth-secret` (mode 0600) so sessions survive a restart.
 */
export function resolveAuthSecret(config: Config): Uint8Array {
  if (config.authSecret) return new TextEncoder().encode(config.authSecret);
  const file = path.join(config.dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
