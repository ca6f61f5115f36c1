import { pingDatabase } from '../../db/client.ts';
import type { Deps, ZApp } from '../../deps.ts';

/** How long /readyz waits for the database and the file store, ms. */
const READY_TIMEOUT_MS = 2_000;

/** Rejects after `ms` unless `p` settles first. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Health checks for load balancers and orchestrators (issue #9), outside /api and without
 * sign-in. GET /healthz: the process answers (200). GET /readyz: the database answers a
 * query and the file store can be written, each within 2 s — 200 `{ status: 'ready' }`,
 * else 503 `{ status: 'unavailable', checks }` naming what failed (no error details).
 */
export async function healthRoutes(app: ZApp, deps: Deps) {
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const check = async (name: string, run: () => Promise<unknown>) => {
      try {
        await within(run(), READY_TIMEOUT_MS);
        return [name, 'ok'] as const;
      } catch (err) {
        req.log.warn({ err }, `readiness: ${name} failed`);
        return [name, 'failing'] as const;
      }
    };
    const checks = Object.fromEntries(
      await Promise.all([check('database', () => pingDatabase(deps.db)), check('files', () => deps.files.ping())]),
    );
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
}
