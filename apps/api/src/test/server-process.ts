import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { signAccessToken } from '../auth/tokens.ts';
import { createDb } from '../db/client.ts';
import { freePort } from '../db/embedded.ts';
import { createUser } from '../services/users.ts';

const SERVER = path.resolve(import.meta.dirname, '../server.ts');

/** The API server running as a child process, as `npm start` runs it. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts src/server.ts (through tsx) with `env` on a free loopback port, and resolves once
 * /healthz answers. A crash shows as the child's exit, which an in-process app cannot show.
 * @throws Error with its output when it exits first or does not answer within 60 s.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const s of [child.stdout, child.stderr]) s.on('data', (c: Buffer) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if (i > 600) throw new Error(`server did not start within 60 s: ${output}`);
    await sleep(100);
  }
  return { base, child, output: () => output };
}

/** A signed-in account: its personal space and the headers that authenticate as it. */
export interface MintedUser {
  userId: number;
  workspaceId: number;
  headers: { authorization: string };
}

/**
 * A new account made directly in the database at `url`, with a bearer token signed with
 * `secret` (the server's AUTH_SECRET): no sign-in request, so no sign-in rate limit spent.
 */
export async function mintUser(url: string, secret: string): Promise<MintedUser> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const email = `mint-${randomBytes(3).toString('hex')}@example.com`;
    const { user, workspaceId } = await createUser(createDb(pool), { kind: 'dev', subject: email }, { email, nickname: 'mint', agreeMarketing: false });
    const token = await signAccessToken(new TextEncoder().encode(secret), user.id);
    return { userId: user.id, workspaceId, headers: { authorization: `Bearer ${token}` } };
  } finally {
    await pool.end();
  }
}
