import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { API_VERSION_HEADER, MIN_API_VERSION } from '@sauce/contract/http';
import { LIMITS } from '@sauce/contract/limits';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { startRevocations } from './auth/revocations.ts';
import { type PersonalTokenAuth, sessionPlugin } from './auth/session.ts';
import { isPersonalToken, verifyPersonalToken } from './services/personal-tokens.ts';
import { isExtensionApiUrl, isExtensionOrigin } from './lib/extension-cors.ts';
import { authorizePlugin } from './policies/authorize.ts';
import { startWorkers } from './jobs/index.ts';
import { startJobQueue, type JobQueue } from './jobs/queue.ts';
import { Foreground } from './lib/foreground.ts';
import { createSharedState } from './lib/shared-state.ts';
import { createEventHub } from './services/events.ts';
import { createPgListener } from './db/listener.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Deps, RouteGroup } from './deps.ts';
import {
  AppError,
  ClientOutdatedError,
  InvalidFormatError,
  isDatabaseUnavailable,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  SystemError,
} from './errors.ts';
import { isConflict } from './db/locks.ts';
import { pgError } from './db/sql.ts';
import { closePageReader } from './lib/page-reader.ts';
import { hasNul } from './lib/storable-text.ts';
import { appleCallbackRoutes } from './routes/auth/apple.ts';
import { fileRoutes } from './routes/files/index.ts';
import { savedRoutes } from './routes/saved/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { metricsRoutes } from './routes/metrics/index.ts';
import { accountRoutes } from './routes/account/index.ts';
import { authRoutes } from './routes/auth/index.ts';
import { profileRoutes } from './routes/auth/profile.ts';
import { noticeRoutes } from './routes/notices/index.ts';
import { boardRoutes } from './routes/boards/index.ts';
import { folderRoutes } from './routes/folders/index.ts';
import { metadataRoutes } from './routes/metadata/index.ts';
import { sauceRoutes } from './routes/sauces/index.ts';
import { tagRoutes } from './routes/tags/index.ts';
import { workspaceRoutes } from './routes/workspaces/index.ts';
import { discoveryRoutes } from './routes/discovery/index.ts';
import { webRoutes } from './routes/web/index.ts';
import { createFileStore, type FileStore } from './storage/file-store.ts';
import { createUrlSigner } from './storage/signed-url.ts';
import { responseSerializer } from './lib/serializer.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { openApiOptions } from './lib/openapi.ts';
import { cspReportRoutes } from './routes/csp-report/index.ts';
import { registerCompression } from './lib/compression.ts';
import { answerClientError } from './lib/client-errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route as `METHOD /url`, HEAD left out. */
    routeTable: readonly string[];
  }
}

/** The JSON 404 in the error envelope, for an address no route answers under /api and /assets. */
function notFound(_req: FastifyRequest, reply: FastifyReply) {
  const e = NotFoundError();
  return reply.status(404).send({ success: false, error: { code: e.code, message: e.message } });
}

/**
 * PostgreSQL errors caused by a value, not by the server: invalid text representation,
 * numeric out of range, NUL in text, string too long, a character the encoding lacks.
 * Answered as 400, never 500.
 */
const PG_BAD_INPUT = new Set(['22P02', '22003', '22021', '22001', '22P05']);

/** Largest JSON body accepted, bytes (a 1 MB title is refused with 413). */
export const BODY_LIMIT_BYTES = 1_048_576;

const ROUTE_GROUPS: RouteGroup[] = [
  authRoutes,
  profileRoutes,
  workspaceRoutes,
  folderRoutes,
  sauceRoutes,
  // Issue #32: boards, a folder shared as one public page.
  boardRoutes,
  tagRoutes,
  metadataRoutes,
  discoveryRoutes,
  // Issue #8: my page, account, notices, import/export.
  accountRoutes,
  noticeRoutes,
  // Issue #11: Content-Security-Policy violation reports.
  cspReportRoutes,
];

/**
 * Builds the whole server: /api (SPEC §7 under /api, OpenAPI at /api/docs), uploaded images
 * under /files (signed URLs), the built web app with SPA fallback. Every error leaves as
 * `{ success: false, error: { code, message } }`. `files` defaults to the configured store.
 */
export async function buildApp(opts: {
  config: Config;
  db: Db;
  secret: Uint8Array;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them), one JSON line a write. */
  logStream?: { write(line: string): void };
  files?: FileStore;
  /** The clock, ms since the epoch (tests move it, e.g. past an invitation's week). */
  now?: () => number;
  /** Run the maintenance jobs (upload sweep, file reconciliation): a serving process, not a test. */
  maintenance?: boolean;
  /**
   * The job queue, already started (tests pass one whose workers do not poll, and run its due
   * jobs themselves: jobs/queue.ts runDue); stopped with the server. Default: one on `db`,
   * polling every JOB_POLL_SECONDS.
   */
  jobs?: JobQueue;
}) {
  const { config } = opts;
  /** Sets the security headers on a reply no hook sees (frameworkErrors); set once helmet is registered. */
  let secureReply: (reply: FastifyReply) => void = () => {};
  const app = Fastify({
    logger: opts.logStream
      ? { level: config.logLevel, stream: opts.logStream }
      : opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // A person watching a terminal gets readable lines; files and services get JSON.
            ...(process.stdout.isTTY && config.env !== 'production'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
              : {}),
          },
    bodyLimit: BODY_LIMIT_BYTES,
    // Issue #9: a request must arrive whole within REQUEST_TIMEOUT_MS (a client trickling a
    // body one byte at a time is cut off), and a connection idle that long is closed.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    // Headers must arrive within HEADERS_TIMEOUT_MS (Node's default is a minute), checked
    // every second (Node checks every 30 s by default, so a limit could run 30 s late).
    http: {
      headersTimeout:
        config.requestTimeoutMs > 0 ? Math.min(config.headersTimeoutMs, config.requestTimeoutMs) : config.headersTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    trustProxy: config.trustProxy,
    // Issue #28 item 8: what Node's parser refuses (a 100 KB query) answers in the error envelope.
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    // Issue #11 item 6: a URL that cannot be decoded (`/api/%ff`) is a 400 in the error
    // envelope, with the security headers, not Fastify's own shape.
    frameworkErrors: (err, _req, res) => {
      const reply = res as FastifyReply;
      secureReply(reply);
      const e = InvalidFormatError(err.code === 'FST_ERR_BAD_URL' ? 'The address is not a valid URL.' : err.message);
      return reply.status(e.status).send({ success: false, error: { code: e.code, message: e.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route as `METHOD /url` (Fastify's automatic HEAD routes left out): the
  // authorization matrix test (test/authorization-matrix.test.ts) holds a row for each.
  const routeTable: string[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeTable.push(`${method} ${r.url}`);
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    let e: AppError;
    if (err instanceof AppError) e = err;
    else if (hasZodFastifySchemaValidationErrors(err)) {
      e = InvalidFormatError(err.validation.map((v) => ({ path: v.instancePath, message: v.message })));
    } else if (PG_BAD_INPUT.has(pgError(err)?.code ?? '')) {
      // A value the schemas let through but PostgreSQL cannot take: still the caller's input.
      e = InvalidFormatError();
    } else if (pgError(err)?.code === '23503') {
      // Issue #18: a row the write refers to went away meanwhile (a withdrawal, a deletion).
      e = NotFoundError('It was deleted meanwhile.');
    } else if (isConflict(err)) {
      // A deadlock or serialization failure that outlived its retries (db/locks.ts).
      req.log.warn({ err }, 'transaction kept conflicting');
      e = ServiceUnavailableError();
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      e = PayloadTooLargeError(BODY_LIMIT_BYTES);
    } else if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      e = ServiceUnavailableError();
    } else if (err.statusCode === 429) {
      e = new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
    } else if (err.statusCode === 416) {
      // A Range past the end of a built file (@fastify/static keeps its Content-Range: bytes */size).
      reply.headers((err as { headers?: Record<string, string> }).headers ?? {});
      e = new AppError(416, 'INVALID_FORMAT', 'The requested range is not satisfiable.');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      e = InvalidFormatError(err.message);
    } else {
      req.log.error(err);
      e = SystemError();
    }
    if (e.status === 503) reply.header('retry-after', '5');
    return reply.status(e.status).send({
      success: false,
      error: { code: e.code, message: e.message, ...(e.details !== undefined ? { details: e.details } : {}) },
    });
  });

  // JSON bodies must be valid UTF-8: Node would turn bad bytes into U+FFFD and the text
  // would be stored changed without a word (issue #9). Parsed as Fastify does otherwise
  // (prototype poisoning refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    let text: string;
    try {
      text = utf8.decode(raw as Buffer);
    } catch {
      done(InvalidFormatError('The body is not valid UTF-8.'), undefined);
      return;
    }
    parseJson(req, text, done);
  });

  // Issue #18: text PostgreSQL cannot store (U+0000) is refused before any handler runs,
  // wherever it comes in: the path, the query or a JSON body (multipart fields: lib/multipart.ts).
  app.addHook('preValidation', (req, _reply, done) => {
    done(hasNul(req.params) || hasNul(req.query) || hasNul(req.body) ? InvalidFormatError('Text cannot contain the character U+0000.') : undefined);
  });

  await app.register(cookie);
  // Issue #11 item 5: CSP, nosniff, Referrer-Policy, Permissions-Policy, HSTS over https.
  secureReply = await registerSecurityHeaders(app, config);
  // Issue #11 item 1: JSON and other text made per request, compressed; before every route.
  await registerCompression(app);
  // One image per upload request, at most 20 MB (issue #3); the route turns overruns into 413.
  await app.register(multipart, { limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 0, parts: 2 } });
  // Rate limits count in Redis when several processes serve (REDIS_URL), else in memory;
  // Redis being down lets requests through rather than failing them (issue #9).
  const shared = createSharedState(config.redis.url, config.redis.prefix, app.log);
  app.addHook('onClose', () => shared.close());
  await app.register(rateLimit, {
    global: false,
    ...(shared.redis ? { redis: shared.redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
  });
  // One LISTEN connection per process: live team events and revoked sessions share it.
  const listener = createPgListener(opts.db.$client, app.log);
  app.addHook('onClose', () => listener.close());
  // Deleted accounts' access tokens are refused at once (issue #8).
  const revocations = await startRevocations(opts.db.$client, listener, app.log);
  app.addHook('onClose', () => revocations.close());
  // Issue #20: the browser extension calls the API from its own origin with a bearer token.
  // CORS is opened to extension origins for the few addresses it calls, without credentials:
  // the browser sends no cookie with such a request, so only a token can act through it.
  app.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (!origin || !isExtensionOrigin(origin) || !isExtensionApiUrl(req.url)) return done();
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (req.method !== 'OPTIONS') return done();
    reply
      .header('access-control-allow-methods', 'GET,POST,DELETE')
      .header('access-control-allow-headers', 'authorization,content-type')
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });
  // Issue #20: personal access tokens; a wrong one counts like a failed sign-in (AUTH_RATE_LIMIT per address a minute).
  const personalTokens: PersonalTokenAuth = {
    isToken: isPersonalToken,
    verify: (token) => verifyPersonalToken(opts.db, token),
    countFailure: (ip) => shared.hit(`token-failures:${ip}`, config.authRateLimit, 60_000),
    isBlocked: (ip) => shared.isOver(`token-failures:${ip}`, config.authRateLimit, 60_000),
  };
  await app.register(sessionPlugin, { config, secret: opts.secret, isRevoked: revocations.isRevoked, personalTokens });
  await app.register(authorizePlugin, { db: opts.db, config });
  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    app.addHook('onRequest', async (req, reply) => {
      const origin = req.headers.origin;
      if (!origin || !allowed.has(origin)) return;
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      reply.header('access-control-allow-credentials', 'true');
      if (req.method === 'OPTIONS') {
        reply
          .header('access-control-allow-methods', 'GET,POST,PATCH,PUT,DELETE')
          .header('access-control-allow-headers', 'authorization,content-type,x-csrf-token,api-version')
          .status(204)
          .send();
      }
    });
  }

  // SPEC §8 'Please update the service' (issue #19): a client that says it was built for an
  // older API than this one serves (`Api-Version` below MIN_API_VERSION) is told so, 426,
  // before anything is done for it; the web app then asks to reload. No header: served.
  app.addHook('onRequest', async (req) => {
    const said = req.headers[API_VERSION_HEADER];
    if (said === undefined || !req.url.startsWith('/api/')) return;
    if (typeof said !== 'string' || !/^\d{1,9}$/.test(said)) throw InvalidFormatError('Api-Version must be a whole number.');
    if (Number(said) < MIN_API_VERSION) throw ClientOutdatedError(Number(said), MIN_API_VERSION);
  });

  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const deps: Deps = {
    db: opts.db,
    config,
    secret: opts.secret,
    files: opts.files ?? createFileStore(config.files),
    urls: createUrlSigner(opts.secret),
    shared,
    events: createEventHub(listener),
    jobs: opts.jobs ?? (await startJobQueue(opts.db.$client, { log: app.log, pollingIntervalSeconds: config.jobPollSeconds })),
    revocations,
    foreground: new Foreground(),
    now: opts.now ?? Date.now,
  };
  // Issue #29: background link work yields to the requests in flight (lib/foreground.ts).
  app.addHook('onRequest', (req, _reply, done) => {
    deps.foreground.enter(req);
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    deps.foreground.leave(req);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    deps.foreground.leave(req);
    done();
  });
  // Measured before any route is added, so every route's requests are counted.
  await metricsRoutes(app as never, deps);
  // Open event streams would hold the server open: they end first.
  app.addHook('preClose', () => deps.events.close());
  // Running jobs finish (or time out) before the database closes; then the page reader's threads they read in (issue #29).
  app.addHook('onClose', () => deps.jobs.stop().then(closePageReader));
  // Issue #30: every worker starts here, once (jobs/index.ts); routes only send jobs.
  await startWorkers(app, deps, { maintenance: opts.maintenance ?? false });
  await app.register(
    async (api) => {
      for (const group of ROUTE_GROUPS) await group(api as never, deps);
      api.setNotFoundHandler(notFound);
    },
    { prefix: '/api' },
  );
  // Apple posts its sign-in result to /auth/apple/callback, outside /api (SPEC §4 Sign-in).
  await app.register(async (root) => appleCallbackRoutes(root as never, deps));
  await app.register(async (root) => fileRoutes(root as never, deps));
  // Issue #20: saved copies' snapshots, sandboxed, on their own path.
  await app.register(async (root) => savedRoutes(root as never, deps));
  await app.register(async (root) => healthRoutes(root as never, deps));

  if (existsSync(path.join(config.webDist, 'index.html'))) {
    const files = {
      // Issue #11 item 1: the build writes .br and .gz beside each file (vite.config.ts);
      // the one the request's accept-encoding prefers is sent, with Vary: accept-encoding.
      preCompressed: true,
      // index.html is never sent as it is: routes/web gives each page its head (issue #11 item 4).
      index: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    } satisfies Partial<FastifyStaticOptions>;
    // The hashed chunks under /assets (hundreds since the bundle split) are served by one
    // wildcard route: a route for each, GET and HEAD, held about 10 MB (issue #11 item 7).
    // A name that is not there is the JSON 404, not the page shell.
    await app.register(
      async (assets) => {
        await assets.register(fastifyStatic, { ...files, root: path.join(config.webDist, 'assets'), wildcard: true });
        assets.setNotFoundHandler(notFound);
      },
      { prefix: '/assets' },
    );
    // The few files at the top (favicon, icons, manifest) keep a route each, before the page routes' `/*`.
    await app.register(fastifyStatic, {
      ...files,
      root: config.webDist,
      wildcard: false,
      globIgnore: ['index.html', 'assets/**'],
      decorateReply: false,
    });
    await app.register(async (root) => webRoutes(root as never, deps));
  }
  return app;
}
