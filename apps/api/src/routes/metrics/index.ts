import { timingSafeEqual } from 'node:crypto';
import type { Deps, ZApp } from '../../deps.ts';
import { NotFoundError, UnauthenticatedError } from '../../errors.ts';
import { imagesInLine } from '../../services/image-processing.ts';
import { pagesInLine } from '../../lib/page-reader.ts';
import { importsInLine } from '../../services/import/reader.ts';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /metrics in Prometheus's text format (issue #9), for operators: request rate and
 * latency by route and status class, database pool use, images waiting in the upload
 * line, background jobs waiting, and Node's process metrics. Off (404) unless
 * METRICS_TOKEN is set, and then only with `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise). Registered on every app. With a token, requests are measured from the start;
 * without one nobody can ever read the figures, so nothing is measured and prom-client is
 * not even loaded (about 2.5 MB of heap and a hook on every response; issue #11 item 7).
 */
export async function metricsRoutes(app: ZApp, deps: Deps) {
  const token = deps.config.metricsToken;
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw NotFoundError();
    });
    return;
  }
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sauce_' });

  const duration = new Histogram({
    name: 'sauce_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'sauce_http_requests_total',
    help: 'Requests answered, by route pattern, method and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const pool = deps.db.$client;
  new Gauge({
    name: 'sauce_db_pool_connections',
    help: 'Database pool connections, by state (total, idle, waiting clients).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'sauce_image_line_size',
    help: 'Images admitted to this process’s processing line and not yet done.',
    registers: [registry],
    collect() {
      this.set(imagesInLine());
    },
  });
  new Gauge({
    name: 'sauce_import_line_size',
    help: 'Imports admitted to this process’s line of import files (being read or waiting) and not yet done.',
    registers: [registry],
    collect() {
      this.set(importsInLine());
    },
  });
  new Gauge({
    name: 'sauce_page_line_size',
    help: 'Fetched pages admitted to this process’s page reader (being parsed or waiting) and not yet done.',
    registers: [registry],
    collect() {
      this.set(pagesInLine());
    },
  });
  new Gauge({
    name: 'sauce_jobs_waiting',
    help: 'Background jobs waiting to run (created or to retry), by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const waiting = await deps.jobs.waiting().catch(() => ({}));
      for (const [queue, n] of Object.entries(waiting)) this.set({ queue }, n);
    },
  });

  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const labels = { method: req.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` };
      duration.observe(labels, reply.elapsedTime / 1000);
      requests.inc(labels);
    }
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : '';
    if (!sameSecret(given, token)) throw UnauthenticatedError('A valid metrics token is required.');
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
