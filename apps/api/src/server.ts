import { buildApp } from './app.ts';
import { loadConfig, prepareDataDir, resolveAuthSecret } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isDatabaseUnavailable, StartupError } from './errors.ts';
import { keepIdleGcWorking } from './lib/idle-gc.ts';

/** Longest a stop waits for requests and jobs under way, ms (orchestrators usually allow 30 s). */
const DRAIN_MS = 25_000;

/** Entry point of `npm start`: database (embedded unless DATABASE_URL), then HTTP. */
async function main() {
  const config = loadConfig();
  const started = Date.now();
  prepareDataDir(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.db,
    log: (m) => console.log(`[db] ${m}`),
  });
  const app = await buildApp({ config, db: database.db, secret: resolveAuthSecret(config), maintenance: true });
  // pg-boss marks a job completed or failed without awaiting it (pg-boss/src/manager.js,
  // onFetch): when the database connection is lost just then, or the pool has closed during
  // a stop, that rejection reaches nobody. It must not end the process (issue #18 item 5):
  // the job expires and is retried. Any other unhandled rejection ends it, as by default.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    app.log.warn({ err: reason }, 'database unavailable to a background task');
  });
  let closing = false;
  /**
   * Graceful stop (issue #9): no new connections; requests under way finish (new ones on
   * open connections get 503); event streams end; running jobs finish; then the database
   * closes. Whatever is still running after DRAIN_MS is cut off.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests under way, then stopping`);
    const deadline = setTimeout(() => {
      app.log.warn(`still busy after ${DRAIN_MS} ms: stopping anyway`);
      process.exit(1);
    }, DRAIN_MS);
    deadline.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, () => void shutdown(s));
  await app.listen({ port: config.port, host: config.host });
  keepIdleGcWorking();
  app.log.info(
    `Sauce is running at http://${config.host}:${config.port} ` +
      `(${database.embeddedDir ? `embedded PostgreSQL in ${database.embeddedDir}` : 'external PostgreSQL'}, ` +
      `ready in ${Date.now() - started} ms)`,
  );
}

main().catch((e) => {
  console.error(e instanceof StartupError ? `Sauce could not start. ${e.message}` : e);
  process.exit(1);
});
