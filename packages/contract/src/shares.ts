import { z } from 'zod';
import { zSauce } from './sauces.ts';
import { hasVisibleText } from './names.ts';

/**
 * Issue #32: every public link — a source's share (SPEC §3, §7) and a folder's board — can
 * expire and ask for a password. These are the shapes of its settings, the visitor's unlock
 * and the board's page of sources.
 */

/** Longest share password, in characters (UTF-16 code units after NFC). */
export const SHARE_PASSWORD_MAX = 128;
/** Latest expiry a share may be given, in days from now. */
export const SHARE_EXPIRY_MAX_DAYS = 3660;
/** Sources per page of a board (`GET /board/{shareId}`). */
export const BOARD_PAGE_SIZE = 48;

/** A share password: 1–128 characters with at least one a person can see (NFC). */
export const zSharePassword = z
  .string()
  .max(SHARE_PASSWORD_MAX, `A password has at most ${SHARE_PASSWORD_MAX} characters`)
  .transform((s) => s.normalize('NFC'))
  .refine(hasVisibleText, 'A password needs characters you can see');

/**
 * PATCH body of a share (a source's or a folder's board). Absent fields keep their value:
 * `expiresAt` null means never; `password` null removes it. Turning a share off keeps its
 * link, which then answers the private notice; turning it on again makes a new link.
 */
export const zShareSettings = z.object({
  enabled: z.boolean(),
  /** ISO 8601 date-time with offset, in the future and at most {@link SHARE_EXPIRY_MAX_DAYS} days away; null: never. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  password: zSharePassword.nullable().optional(),
  /** Search engines may index the page (default false: `noindex`). A protected or expired share is never indexed. */
  indexable: z.boolean().optional(),
});
export type ShareSettings = z.input<typeof zShareSettings>;

/** A share's state as its owner sees it; the password itself is never returned. */
export const zShareState = z.object({
  /** null until it was first turned on. */
  shareId: z.string().nullable(),
  /** The public page's absolute URL while enabled; else null. */
  url: z.string().nullable(),
  enabled: z.boolean(),
  /** ISO 8601; null: never expires. */
  expiresAt: z.string().nullable(),
  hasPassword: z.boolean(),
  /** Search engines may index the page while it is open to everyone. */
  indexable: z.boolean(),
});
export type ShareState = z.infer<typeof zShareState>;

/** A visitor's password for a protected share. */
export const zUnlockBody = z.object({ password: z.string().min(1).max(SHARE_PASSWORD_MAX * 4) });

/** A board's page of sources, each as its single share would show it (`folderSet` empty). */
export const zBoard = z.object({
  shareId: z.string(),
  space: z.object({ name: z.string() }),
  folder: z.object({ name: z.string() }),
  sauces: z.array(zSauce),
  /** Pass as `?cursor=` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type Board = z.infer<typeof zBoard>;

export const zBoardQuery = z.object({ cursor: z.string().max(200).optional() });
export const zShareIdParams = z.object({ shareId: z.string().min(1).max(64) });
