import { randomBytes } from 'node:crypto';
import { SHARE_EXPIRY_MAX_DAYS, type zShareSettings } from '@sauce/contract/shares';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { folders, sauces } from '../db/schema.ts';
import { folderShares } from '../db/schema-boards.ts';
import {
  type AppError,
  FolderNotFoundError,
  InvalidFormatError,
  SauceNotFoundError,
  SaucePrivateError,
  ShareExpiredError,
  SharePasswordRequiredError,
} from '../errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { lockMembership, type Membership } from '../policies/workspace.ts';
import { notifyWorkspace } from './events.ts';

/**
 * Issue #32: the settings of every public link — a source's share (SPEC §4 Sharing, §7) and a
 * folder's board — on or off, an expiry and a password, changed under the space's lock by the
 * roles that share a source (SPEC §6: owners and editors); and what a visitor's answer checks
 * before it shows anything.
 */

/** A new unguessable share id: 24 random bytes, base64url (32 characters). */
export const newShareId = () => randomBytes(24).toString('base64url');

/** A share's settings as its owner sees them (presenters/share.ts adds the link). */
export interface ShareRecord {
  /** null until the share was first turned on. */
  shareId: string | null;
  enabled: boolean;
  /** ISO 8601 in UTC with milliseconds; null: never. */
  expiresAt: string | null;
  hasPassword: boolean;
  indexable: boolean;
}

/** What a visitor's answer checks, as stored. */
export interface ShareGate {
  shareId: string;
  enabled: boolean;
  /** null: never expires. */
  expiresAt: Date | null;
  /** lib/passwords.ts's stored form; null: no password. */
  passwordHash: string | null;
  /** Search engines may index its page while it is open to everyone (else `noindex`). */
  indexable: boolean;
}

/** A share's settings as stored (`shareId` null: never turned on). */
type StoredShare = Omit<ShareGate, 'shareId'> & { shareId: string | null };

/** A PATCH of share settings made ready: absent fields (undefined) keep their value. */
export interface ShareChange {
  enabled: boolean;
  /** null: never. */
  expiresAt?: Date | null;
  /** null: no password. */
  passwordHash?: string | null;
  indexable?: boolean;
}

/**
 * Checks and prepares a PATCH body (contract zShareSettings, its password already NFC): the
 * expiry must be after `now` (ms) and at most SHARE_EXPIRY_MAX_DAYS (3,660) days away; a
 * password is hashed here (scrypt, about 0.1 s in libuv's pool), before any lock is taken.
 * @throws INVALID_FORMAT (400) naming `/expiresAt`.
 */
export async function prepareShareChange(input: z.output<typeof zShareSettings>, now: number): Promise<ShareChange> {
  let expiresAt: Date | null | undefined;
  if (input.expiresAt !== undefined && input.expiresAt !== null) {
    expiresAt = new Date(input.expiresAt);
    const at = expiresAt.getTime();
    if (!(at > now)) throw InvalidFormatError([{ path: '/expiresAt', message: 'The expiry must be in the future' }]);
    if (at > now + SHARE_EXPIRY_MAX_DAYS * 86_400_000) {
      throw InvalidFormatError([{ path: '/expiresAt', message: `The expiry must be within ${SHARE_EXPIRY_MAX_DAYS} days` }]);
    }
  } else {
    expiresAt = input.expiresAt;
  }
  const passwordHash = typeof input.password === 'string' ? await hashPassword(input.password) : input.password;
  return { enabled: input.enabled, expiresAt, passwordHash, indexable: input.indexable };
}

/**
 * The settings `change` makes of `current` (null: never shared) at `now` (ms). On keeps the
 * link of a share that is on; turning on one that is off (or new) gives a new link, so a link
 * once turned off never comes back — and drops an expiry already past, which would leave the
 * new link dead. Off keeps the id, whose link then answers the private notice.
 */
function nextShare(current: StoredShare | null, change: ShareChange, now: number): ShareGate {
  const fresh = change.enabled && !(current?.enabled && current.shareId);
  const stale = fresh && current?.expiresAt && current.expiresAt.getTime() <= now;
  return {
    shareId: fresh || !current?.shareId ? newShareId() : current.shareId,
    enabled: change.enabled,
    expiresAt: change.expiresAt !== undefined ? change.expiresAt : stale ? null : (current?.expiresAt ?? null),
    passwordHash: change.passwordHash !== undefined ? change.passwordHash : (current?.passwordHash ?? null),
    indexable: change.indexable ?? current?.indexable ?? false,
  };
}

const record = (g: StoredShare | undefined): ShareRecord =>
  g ? { shareId: g.shareId, enabled: g.enabled, expiresAt: g.expiresAt?.toISOString() ?? null, hasPassword: g.passwordHash !== null, indexable: g.indexable }
    : { shareId: null, enabled: false, expiresAt: null, hasPassword: false, indexable: false };

const folderGateColumns = {
  shareId: folderShares.shareId,
  enabled: folderShares.enabled,
  expiresAt: folderShares.expiresAt,
  passwordHash: folderShares.passwordHash,
  indexable: folderShares.indexable,
};

/**
 * A folder's board settings (issue #32).
 * @throws FOLDER_NOT_FOUND (404) for a folder that is not the space's (another space's id included).
 */
export async function readFolderShare(db: Db, m: Membership, folderId: number): Promise<ShareRecord> {
  const [row] = await db
    .select({ folder: folders.id, ...folderGateColumns })
    .from(folders)
    .leftJoin(folderShares, eq(folderShares.folderId, folders.id))
    .where(and(eq(folders.id, folderId), eq(folders.workspaceId, m.workspaceId)));
  if (!row) throw FolderNotFoundError();
  return record(row.enabled === null ? undefined : (row as StoredShare));
}

/**
 * Changes a folder's board settings (issue #32), in one transaction holding the space's lock
 * with the role read again after it (lockMembership: a member demoted or removed meanwhile is
 * refused), then the folder's share row (the lock order's last step); members watching the
 * space hear of it ('folders'). A folder never shared and left off gets a row only when the
 * change sets an expiry or a password.
 * @returns the settings as they are now.
 * @throws FOLDER_NOT_FOUND (404) for a folder not in the space (or deleted meanwhile);
 *   NOT_FOUND / NOT_AUTHORIZED when the membership changed.
 */
export async function setFolderShare(db: Db, m: Membership, folderId: number, change: ShareChange, now: number): Promise<ShareRecord> {
  return db.transaction(async (tx) => {
    await lockMembership(tx, m);
    const [folder] = await tx.select({ id: folders.id }).from(folders).where(and(eq(folders.id, folderId), eq(folders.workspaceId, m.workspaceId)));
    if (!folder) throw FolderNotFoundError();
    const [current] = await tx.select(folderGateColumns).from(folderShares).where(eq(folderShares.folderId, folderId)).for('update');
    if (!current && !change.enabled && change.expiresAt === undefined && change.passwordHash === undefined && change.indexable === undefined) return record(undefined);
    const next = nextShare(current ?? null, change, now);
    const values = { shareId: next.shareId, enabled: next.enabled, expiresAt: next.expiresAt, passwordHash: next.passwordHash, indexable: next.indexable };
    if (current) await tx.update(folderShares).set({ ...values, updatedAt: new Date(now) }).where(eq(folderShares.folderId, folderId));
    else await tx.insert(folderShares).values({ ...values, folderId, workspaceId: m.workspaceId, createdBy: m.userId });
    await notifyWorkspace(tx, m.workspaceId, { type: 'folders', actorId: m.userId });
    return record(next);
  });
}

const sauceGateColumns = {
  shareId: sauces.shareId,
  enabled: sauces.isShareEnabled,
  expiresAt: sauces.shareExpiresAt,
  passwordHash: sauces.sharePasswordHash,
  indexable: sauces.shareIndexable,
};

/**
 * A source's share settings (SPEC §4 Sharing, issue #32).
 * @throws SAUCE_NOT_FOUND (404) for a source that is not the space's.
 */
export async function readSauceShare(db: Db, m: Membership, id: number): Promise<ShareRecord> {
  const [row] = await db.select(sauceGateColumns).from(sauces).where(and(eq(sauces.id, id), eq(sauces.workspaceId, m.workspaceId)));
  if (!row) throw SauceNotFoundError();
  return record(row);
}

/**
 * Changes a source's share (SPEC §4 Sharing; issue #32 adds the expiry and the password), in
 * one transaction holding the space's lock with the role read again after it (issue #18),
 * then the source's row. `POST …/share {isShareEnabled}` (SPEC §7) is `{ enabled }` alone.
 * @returns the settings as they are now.
 * @throws SAUCE_NOT_FOUND (404); NOT_FOUND / NOT_AUTHORIZED when the membership changed.
 */
export async function setSauceShare(db: Db, m: Membership, id: number, change: ShareChange, now: number): Promise<ShareRecord> {
  return db.transaction(async (tx) => {
    await lockMembership(tx, m);
    const where = and(eq(sauces.id, id), eq(sauces.workspaceId, m.workspaceId));
    const [row] = await tx.select(sauceGateColumns).from(sauces).where(where).for('update');
    if (!row) throw SauceNotFoundError();
    const next = nextShare(row, change, now);
    // Off and never shared: no id (its link would be private before it was ever public).
    const shareId = next.enabled || row.shareId !== null ? next.shareId : null;
    await tx
      .update(sauces)
      .set({ isShareEnabled: next.enabled, shareId, shareExpiresAt: next.expiresAt, sharePasswordHash: next.passwordHash, shareIndexable: next.indexable })
      .where(where);
    await notifyWorkspace(tx, m.workspaceId, { type: 'sauce', action: 'updated', id, actorId: m.userId });
    return record({ ...next, shareId });
  });
}

/**
 * A shared source's gate by its share id, and the source's space and id.
 * @throws SAUCE_NOT_FOUND (404) when no source has that id (never had it, deleted, or shared
 *   again since under a new link).
 */
export async function sauceShareGate(db: Tx, shareId: string): Promise<ShareGate & { sauceId: number; workspaceId: number }> {
  const [row] = await db
    .select({ ...sauceGateColumns, sauceId: sauces.id, workspaceId: sauces.workspaceId })
    .from(sauces)
    .where(eq(sauces.shareId, shareId));
  if (!row) throw SauceNotFoundError();
  return { ...row, shareId };
}

/** How a visitor stands before a share: its answer, or why not. */
export type ShareAdmission = 'open' | 'private' | 'expired' | 'locked';

/**
 * Where a visitor stands before `gate` at `now` (ms): turned off, past its expiry, protected
 * without `unlocked` (the visitor's unlock cookie holds: auth/share-unlock.ts), or open.
 */
export function admission(gate: ShareGate, now: number, unlocked: (gate: ShareGate & { passwordHash: string }) => boolean): ShareAdmission {
  if (!gate.enabled) return 'private';
  if (gate.expiresAt && gate.expiresAt.getTime() <= now) return 'expired';
  if (gate.passwordHash !== null && !unlocked(gate as ShareGate & { passwordHash: string })) return 'locked';
  return 'open';
}

/** Whether search engines may index `gate`'s page at `now` (ms): only when its owner allows it and it is open to everyone (on, not expired, no password). */
export const indexableNow = (gate: ShareGate, now: number) => gate.indexable && admission(gate, now, () => false) === 'open';

/**
 * Lets a visitor through `gate`, or refuses them: SPEC §8's private notice when it is off
 * (`privateError`: SAUCE_PRIVATE or BOARD_PRIVATE, 404), SHARE_EXPIRED (410), or
 * SHARE_PASSWORD_REQUIRED (401) for a protected share without the visitor's unlock.
 */
export function admitVisitor(gate: ShareGate, now: number, unlocked: Parameters<typeof admission>[2], privateError: () => AppError = SaucePrivateError): void {
  const state = admission(gate, now, unlocked);
  if (state === 'private') throw privateError();
  if (state === 'expired') throw ShareExpiredError();
  if (state === 'locked') throw SharePasswordRequiredError();
}

/**
 * Checks a visitor's `password` for `gate` (null: no such share). Succeeds only for a share
 * that is on, not expired and protected, with its password; anything else fails after the
 * same scrypt work (lib/passwords.ts verifyPassword against a decoy), so neither the answer
 * nor its time says whether the share exists. Rate limits are the route's, before this.
 * @returns the gate to unlock, or null.
 */
export async function checkSharePassword(gate: ShareGate | null, password: string, now: number): Promise<(ShareGate & { passwordHash: string }) | null> {
  const usable = gate && gate.enabled && !(gate.expiresAt && gate.expiresAt.getTime() <= now) && gate.passwordHash !== null;
  const right = await verifyPassword(password, usable ? gate.passwordHash : null);
  return right && usable ? (gate as ShareGate & { passwordHash: string }) : null;
}
