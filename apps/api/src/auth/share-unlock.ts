import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppError, RateLimitedError, SharePasswordWrongError } from '../errors.ts';
import type { SharedState } from '../lib/shared-state.ts';
import { admission, admitVisitor, checkSharePassword, type ShareAdmission, type ShareGate } from '../services/shares.ts';

/** Issue #32: the two kinds of public link that may ask for a password. */
export type ShareKind = 'board' | 'sauce';

/** How long an unlock lasts at most, days (less when the share expires sooner). */
export const UNLOCK_DAYS = 30;

/** What a protected share's unlock cookie is bound to. */
export interface ShareLock {
  kind: ShareKind;
  shareId: string;
  /** The share's password hash now (lib/passwords.ts): a new password makes every earlier unlock worthless. */
  passwordHash: string;
  expiresAt: Date | null;
}

/**
 * The API path a share's visitor calls live under — its answer and its `unlock` — and the
 * only path its unlock cookie is sent to: `/api/board/<id>` or `/api/archive/sauce/share/<id>`.
 */
export const sharePath = (kind: ShareKind, shareId: string) => (kind === 'board' ? `/api/board/${shareId}` : `/api/archive/sauce/share/${shareId}`);

/** The unlock cookie's name for a share: `sauce_unlock_` and 16 characters of the base64url SHA-256 of its id. */
export const unlockCookieName = (shareId: string) => `sauce_unlock_${createHash('sha256').update(shareId).digest('base64url').slice(0, 16)}`;

/** Unlocks of protected shares, as cookies (docs/decisions.md 'Share passwords'). */
export interface ShareUnlocks {
  /**
   * Remembers the visitor for `lock`'s share only: sets cookie {@link unlockCookieName} on
   * path {@link sharePath}, HttpOnly, SameSite=Lax, Secure over https, until
   * `<expiry>.<HMAC-SHA256 of kind, id, password hash and expiry>` — {@link UNLOCK_DAYS} days,
   * or the share's expiry when sooner.
   */
  grant(reply: FastifyReply, lock: ShareLock): void;
  /** Whether `req` carries a valid, unexpired unlock of `lock`'s share with its password as it is now. */
  holds(req: FastifyRequest, lock: ShareLock): boolean;
}

/**
 * Unlock cookies signed with a key derived from the server's secret (HKDF-SHA256, info
 * 'sauce share unlock', so it shares no key with tokens or file URLs). `now` is the clock
 * (ms); `secure` adds the Secure attribute (config secureCookies: PUBLIC_URL is https).
 */
export function createShareUnlocks(secret: Uint8Array, opts: { secure: boolean; now: () => number }): ShareUnlocks {
  const key = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'sauce share unlock', 32));
  const mac = (lock: ShareLock, exp: number) =>
    createHmac('sha256', key).update(`${lock.kind}\n${lock.shareId}\n${lock.passwordHash}\n${exp}`).digest('base64url');
  return {
    grant(reply, lock) {
      const nowS = Math.floor(opts.now() / 1000);
      const until = lock.expiresAt ? Math.floor(lock.expiresAt.getTime() / 1000) : Infinity;
      const exp = Math.min(nowS + UNLOCK_DAYS * 86_400, until);
      reply.setCookie(unlockCookieName(lock.shareId), `${exp}.${mac(lock, exp)}`, {
        path: sharePath(lock.kind, lock.shareId),
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secure,
        maxAge: Math.max(1, exp - nowS),
      });
    },
    holds(req, lock) {
      const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(req.cookies[unlockCookieName(lock.shareId)] ?? '');
      if (!m || Number(m[1]) * 1000 <= opts.now()) return false;
      const given = Buffer.from(m[2]!);
      const expected = Buffer.from(mac(lock, Number(m[1])));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * Tries of a share's password (issue #32), counted before the password is checked (right or
 * wrong, known share or not): per address and share a minute, per address a minute (however
 * many shares it tries), and — of the tries those let through — per share an hour (however
 * many addresses try).
 */
export const UNLOCK_TRIES = {
  addressAndShare: { max: 10, windowMs: 60_000 },
  share: { max: 100, windowMs: 3_600_000 },
  address: { max: 30, windowMs: 60_000 },
} as const;

/** A share id as the API issues them (24 random bytes, base64url); anything else is no share's, unread. */
export const SHARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What the visitors' routes of shares do with a request: let it in, or unlock. */
export interface ShareVisits {
  /** Where `req`'s visitor stands before `gate` (services/shares.ts admission), their unlock cookie read. */
  standing(req: FastifyRequest, kind: ShareKind, gate: ShareGate): ShareAdmission;
  /**
   * Lets `req`'s visitor through `gate`, or refuses them (services/shares.ts admitVisitor):
   * `privateError` (404) when off, SHARE_EXPIRED (410), SHARE_PASSWORD_REQUIRED (401).
   */
  admit(req: FastifyRequest, kind: ShareKind, gate: ShareGate, privateError: () => AppError): void;
  /**
   * POST …/unlock: counts the try ({@link UNLOCK_TRIES}), checks `password` against the share
   * `readGate` finds (null: none — an id of the wrong form is not looked up), and on success
   * sets the share's unlock cookie ({@link ShareUnlocks.grant}).
   * @throws RATE_LIMITED (429) past a limit, before anything is read; SHARE_PASSWORD_WRONG (403)
   *   for a wrong password and for every unlock that cannot succeed (no such share, off,
   *   expired, no password), after the same work.
   */
  unlock(req: FastifyRequest, reply: FastifyReply, kind: ShareKind, shareId: string, password: string, readGate: (shareId: string) => Promise<ShareGate | null>): Promise<void>;
}

/** The share visits of a process: unlock cookies signed from `secret`, tries counted in `shared`. */
export function createShareVisits(deps: { secret: Uint8Array; shared: SharedState; secure: boolean; now: () => number }): ShareVisits {
  const unlocks = createShareUnlocks(deps.secret, { secure: deps.secure, now: deps.now });
  const holds = (req: FastifyRequest, kind: ShareKind) => (g: ShareGate & { passwordHash: string }) => unlocks.holds(req, { ...g, kind });
  return {
    standing: (req, kind, gate) => admission(gate, deps.now(), holds(req, kind)),
    admit: (req, kind, gate, privateError) => admitVisitor(gate, deps.now(), holds(req, kind), privateError),
    async unlock(req, reply, kind, shareId, password, readGate) {
      const t = UNLOCK_TRIES;
      const tooMany = () => RateLimitedError('Too many tries. Please wait a while and try again.');
      const byAddress = await Promise.all([
        deps.shared.hit(`unlock:${kind}:${shareId}:${req.ip}`, t.addressAndShare.max, t.addressAndShare.windowMs),
        deps.shared.hit(`unlock:${req.ip}`, t.address.max, t.address.windowMs),
      ]);
      if (byAddress.includes(false)) throw tooMany();
      // Counted only for tries an address was allowed: one address hammering does not close the share to others.
      if (!(await deps.shared.hit(`unlock:${kind}:${shareId}`, t.share.max, t.share.windowMs))) throw tooMany();
      const gate = SHARE_ID.test(shareId) ? await readGate(shareId) : null;
      const open = await checkSharePassword(gate, password, deps.now());
      if (!open) throw SharePasswordWrongError();
      unlocks.grant(reply, { kind, shareId, passwordHash: open.passwordHash, expiresAt: open.expiresAt });
    },
  };
}
