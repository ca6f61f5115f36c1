import { z } from 'zod';

/** Stable error codes of the API (ARCHITECTURE.md "Errors"; SPEC §8 messages). */
export const ERROR_CODES = [
  'INVALID_FORMAT',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'NOT_AUTHORIZED',
  'CSRF_FAILED',
  'NOT_FOUND',
  'USER_NOT_EXIST',
  'SAUCE_NOT_FOUND',
  'SAUCE_PRIVATE',
  'FOLDER_NOT_FOUND',
  'FOLDER_NAME_EXISTS',
  'NICKNAME_EXISTS',
  'LIMIT_REACHED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'VIEWER_CANNOT_UPLOAD',
  'URL_NOT_ALLOWED',
  'NO_IMAGE',
  'UNSUPPORTED_IMAGE',
  'TOO_MANY_PIXELS',
  'IMAGE_TOO_COMPLEX',
  'INVITATION_EXPIRED',
  'ALREADY_JOINED',
  'LAST_OWNER',
  'WORKSPACE_HAS_MEMBERS',
  'PERSONAL_WORKSPACE',
  'ARTICLE_NOT_FOUND',
  'ARTICLE_EXISTS',
  'ARTICLE_UNREADABLE',
  'FEED_NOT_FOUND',
  'FEED_EXISTS',
  // Issue #8: account, import
  'NICKNAME_INVALID',
  'OWNS_SHARED_SPACES',
  'IMPORT_FILE_INVALID',
  'IMPORT_IN_PROGRESS',
  // Issue #20: capture, saved copies
  'UNSUPPORTED_SNAPSHOT',
  // Issue #22: starting or cancelling an import that is past that
  'IMPORT_NOT_PENDING',
  'SERVICE_UNAVAILABLE',
  // Issue #19: the client is older than the API serves (SPEC §8 'Please update the service')
  'CLIENT_OUTDATED',
  // Issue #28 item 5: a connection request of the extension that was already allowed
  'CONNECTION_USED',
  // Issue #32: boards, and the expiry and password of every share
  'BOARD_PRIVATE',
  'SHARE_EXPIRED',
  'SHARE_PASSWORD_REQUIRED',
  'SHARE_PASSWORD_WRONG',
  'SYSTEM_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const zErrorBody = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof zErrorBody>;

/** `{ success: true, data }` envelope (ARCHITECTURE.md "Responses"). */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** List envelope: `data.results` with `count`, `next`, `previous` page numbers. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    count: z.number().int(),
    next: z.number().int().nullable(),
    previous: z.number().int().nullable(),
  });

/** A page of `T` as {@link page} sends it (the web app's lists, issue #19 item 6). */
export type Page<T> = Omit<z.infer<ReturnType<typeof page>>, 'results'> & { results: T[] };

export const zPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const zPermission = z.enum(['OWNER', 'EDITOR', 'READER']);
export type Permission = z.infer<typeof zPermission>;

/** Rank of a permission (SPEC §6): what it allows grows with it. */
const RANK: Record<Permission, number> = { READER: 1, EDITOR: 2, OWNER: 3 };

/**
 * Issue #18: the invite links an owner's decision resets — those of every permission the
 * member held and no longer holds (`now` null: removed, so every permission up to `held`),
 * so a link they kept cannot bring them back to it. Highest first. Leaving of one's own
 * accord resets none (the person may come back with the same link).
 */
export function linksResetBy(held: Permission, now: Permission | null): Permission[] {
  return zPermission.options.filter((p) => RANK[p] <= RANK[held] && RANK[p] > (now ? RANK[now] : 0));
}

/** Largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2_147_483_647;
/** Numeric path or query id: a positive 32-bit integer. Anything else is a 400. */
export const zId = z.coerce.number().int().min(1).max(MAX_ID);
/** An id in a JSON body: a positive 32-bit integer. */
export const zBodyId = z.number().int().min(1).max(MAX_ID);

/** Text without NUL characters (PostgreSQL cannot store them in text columns). */
export const zText = () => z.string().refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed');

export { COOKIES, CSRF_HEADER } from './http.ts';
