import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Issue #32: the passwords of shares (a board's, a source's), kept as a memory-hard hash —
 * Node's own scrypt (RFC 7914), no dependency — with a random salt of its own and its
 * parameters in the string, so they can be raised later without breaking the hashes made
 * before (docs/decisions.md 'Share passwords').
 *
 * Format: `scrypt$<log2 N>$<r>$<p>$<salt, base64url>$<key, base64url>`.
 */

/** log2 of scrypt's cost N (2^15 = 32,768): 32 MiB and about 50–100 ms of one core a hash on the test machine. */
const LOG_N = 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Node refuses scrypt above `maxmem` (32 MiB by default, which N = 2^15, r = 8 reaches exactly): room for the parameters above. */
const MAX_MEM = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, o: ScryptOptions, bytes: number) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, bytes, { ...o, maxmem: MAX_MEM }, (e, key) => (e ? reject(e) : resolve(key))));

/**
 * The stored form of `password` (already NFC, as the contract's zSharePassword gives it).
 * Runs in libuv's thread pool: the event loop does not wait.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N: 2 ** LOG_N, r: R, p: P }, KEY_BYTES);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Parameters a stored hash may name (anything else is not ours, and matches nothing). */
const STORED = /^scrypt\$(1[0-9]|20)\$([1-9]|1[0-6])\$([1-4])\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{32,128})$/;

/** A hash of a password nobody knows, with today's parameters: what a check without a stored hash is made against. */
let decoy: Promise<string> | undefined;

/**
 * Whether `password` (NFC-normalised here, as it was when set) is the one `stored` was made
 * from, compared in constant time. With `stored` null (no such share, or no password) the
 * check is made against a decoy hash all the same and answers false: a wrong share id costs
 * what a wrong password does, so the time says nothing of whether the share exists.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const own = STORED.exec(stored ?? '');
  const m = own ?? STORED.exec(await (decoy ??= hashPassword(randomBytes(18).toString('base64url'))))!;
  const [, logN, r, p, salt, key] = m as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const got = await derive(password.normalize('NFC'), Buffer.from(salt, 'base64url'), { N: 2 ** Number(logN), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(got, expected) && own !== null;
}
