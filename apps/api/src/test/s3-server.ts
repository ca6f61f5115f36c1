import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Config } from '../config.ts';

/** A running S3 stand-in and the `config.files` that points at it. */
export interface TestS3Server {
  /** The s3 driver configuration: path-style, credentials S3RVER/S3RVER, its bucket created. */
  files: Config['files'];
  /** The same as environment variables, for `buildTestApp(env)`. */
  env: Record<string, string>;
  /** Stops the server and deletes its directory. */
  close(): Promise<void>;
}

/**
 * Runs in the child: starts s3rver with the options in argv[1], prints its port, and exits
 * when its stdin closes (the test process ended, however it ended).
 */
const CHILD_SCRIPT = `
const S3rver = require(process.argv[1]);
const server = new S3rver(JSON.parse(process.argv[2]));
server.run().then(({ port }) => console.log(JSON.stringify({ port })));
process.stdin.on('end', () => process.exit(0)).resume();
`;

/**
 * Starts s3rver (a real S3 API over a directory) on 127.0.0.1 at a free port, silent, in a
 * fresh temporary directory, with the bucket `sauce-test`. It runs in a child process with
 * `--openssl-legacy-provider`: s3rver encrypts ListObjectsV2 continuation tokens with DES,
 * which Node's OpenSSL 3 lacks otherwise, so any list of more than 1,000 keys would fail.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sauce-s3-'));
  const bucket = 'sauce-test';
  const options = { address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] };
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', CHILD_SCRIPT, createRequire(import.meta.url).resolve('s3rver'), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end();
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  const firstLine = createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  const line = await Promise.race([firstLine, exited.then(() => null)]);
  if (!line || line.done) {
    await close();
    throw new Error(`s3rver did not start (exit code ${child.exitCode})`);
  }
  const { port } = JSON.parse(line.value) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    files: {
      driver: 's3',
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    close,
  };
}
