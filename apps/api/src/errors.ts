import type { ErrorCode } from '@sauce/contract/common';

/** An error with an HTTP status and a stable code; the error handler renders it (ARCHITECTURE.md). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

// SPEC §8 messages, English; the web app shows its own translation of each code.
export const InvalidFormatError = (details?: unknown) =>
  new AppError(400, 'INVALID_FORMAT', 'Invalid format.', details);
export const UnauthenticatedError = (message = 'Sign-in required.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const TokenExpiredError = () => new AppError(401, 'TOKEN_EXPIRED', 'The session has expired.');
export const NotAuthorizedError = (message = 'Not authorized to access.') => new AppError(403, 'NOT_AUTHORIZED', message);
export const CsrfError = () =>
  new AppError(403, 'CSRF_FAILED', 'Missing or invalid anti-forgery token.');
export const NotFoundError = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const UserNotExistError = () => new AppError(404, 'USER_NOT_EXIST', 'User not exist');
export const SauceNotFoundError = () => new AppError(404, 'SAUCE_NOT_FOUND', 'This source does not exist.');
/** SPEC §8: a share link whose sharing was turned off (an unknown one is SAUCE_NOT_FOUND). */
export const SaucePrivateError = () => new AppError(404, 'SAUCE_PRIVATE', 'This source is private.');
// Issue #32: boards, and the expiry and password of every share.
/** A board link that is no board's: never issued, its folder or space deleted, or replaced by a new link. */
export const BoardNotFoundError = () => new AppError(404, 'NOT_FOUND', 'This board does not exist.');
/** A board link whose sharing was turned off (SPEC §8's 'This source is private', for a board). */
export const BoardPrivateError = () => new AppError(404, 'BOARD_PRIVATE', 'This board is private.');
/** A share link (a board's or a source's) past its expiry. */
export const ShareExpiredError = () => new AppError(410, 'SHARE_EXPIRED', 'This link has expired.');
/** A protected share opened without this visitor's unlock cookie: POST its `unlock` with the password first. */
export const SharePasswordRequiredError = () => new AppError(401, 'SHARE_PASSWORD_REQUIRED', 'This link needs a password.');
/** A wrong password for a share — and the answer to any unlock that cannot succeed, so it never says whether the share exists. */
export const SharePasswordWrongError = () => new AppError(403, 'SHARE_PASSWORD_WRONG', 'The password is not right.');
/**
 * SPEC §8 'Please update the service': the request's `Api-Version` is older than the API
 * serves (contract/http.ts MIN_API_VERSION); `details` carries `{ version, minVersion }`.
 */
export const ClientOutdatedError = (version: number, minVersion: number) =>
  new AppError(426, 'CLIENT_OUTDATED', 'Please update the service.', { version, minVersion });
export const FolderNotFoundError = () => new AppError(404, 'FOLDER_NOT_FOUND', 'Folder not found.');
export const FolderNameExistsError = () =>
  new AppError(409, 'FOLDER_NAME_EXISTS', 'The folder name already exists.');
export const NicknameExistsError = () =>
  new AppError(400, 'NICKNAME_EXISTS', 'The nickname already exists.');
/** A beta-plan or per-item limit (SPEC §9); `details` carries `{ resource, limit }`. */
export const LimitReachedError = (resource: string, limit: number) =>
  new AppError(422, 'LIMIT_REACHED', `At most ${limit} ${resource} allowed.`, { resource, limit });
export const PayloadTooLargeError = (limitBytes: number) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `The request is larger than ${limitBytes} bytes.`, { limitBytes });
export const ViewerCannotUploadError = () =>
  new AppError(403, 'VIEWER_CANNOT_UPLOAD', 'Viewer members cannot upload sources.');
/** A link whose host is or resolves to a non-public address (SSRF guard, lib/safe-fetch.ts). */
export const UrlNotAllowedError = (details?: unknown) =>
  new AppError(400, 'URL_NOT_ALLOWED', 'This address cannot be fetched.', details);
/** SPEC §8 'There is no image to upload': an image source saved without images. */
export const NoImageError = () => new AppError(400, 'NO_IMAGE', 'There is no image to upload.');
/** An upload that is not a JPEG, PNG, WebP, GIF or AVIF image by content (SVG included: it can carry script). */
export const UnsupportedImageError = (details?: { type: string | null }) =>
  new AppError(415, 'UNSUPPORTED_IMAGE', 'Only JPEG, PNG, WebP, GIF and AVIF images are supported.', details);
/** An image whose header declares more pixels than `limitPixels` (a decompression bomb, issue #3). */
export const TooManyPixelsError = (limitPixels: number) =>
  new AppError(413, 'TOO_MANY_PIXELS', `Images can have at most ${limitPixels} pixels.`, { limitPixels });
/** An image whose decoding would take too long: too many frames, or over the time limit (issue #9). */
export const ImageTooComplexError = (details: { limitFrames: number } | { limitSeconds: number }) =>
  new AppError(413, 'IMAGE_TOO_COMPLEX', 'This image is too complex to process. Try a smaller or simpler one.', details);
/** Too much at once from one person (sign-in attempts, uploads in progress). */
export const RateLimitedError = (message = 'Too many attempts. Please wait a minute and try again.') =>
  new AppError(429, 'RATE_LIMITED', message);
/** SPEC §4/§8: an invite link that is unknown, expired or revoked ('lookup failure means expired'). */
export const InvitationExpiredError = () =>
  new AppError(404, 'INVITATION_EXPIRED', 'The invite link has expired. Please ask for a new one.');
/** SPEC §8: accepting an invitation to a space one is already a member of. */
export const AlreadyJoinedError = () => new AppError(409, 'ALREADY_JOINED', 'Already joined this space.');
/** A space always keeps an OWNER (issue #7): the last one cannot leave, be removed or demoted. */
export const LastOwnerError = () =>
  new AppError(
    409,
    'LAST_OWNER',
    'A space must keep at least one owner. Make another member an owner first.',
  );
/** SPEC §5/§8: only a space without other members can be deleted. */
export const WorkspaceHasMembersError = () =>
  new AppError(409, 'WORKSPACE_HAS_MEMBERS', 'You cannot delete a space if it has team members.');
/** A personal space ('My space') cannot be shared, left, renamed or deleted (issue #7). */
export const PersonalWorkspaceError = () =>
  new AppError(409, 'PERSONAL_WORKSPACE', 'This is a personal space: it cannot have other members or be changed.');

/**
 * Issue #28 item 5: Allow on an extension's connection request (its challenge) that was
 * already allowed — by another account or the same one. A grant is never reassigned.
 */
export const ConnectionUsedError = () =>
  new AppError(409, 'CONNECTION_USED', 'This connection request was already answered. Click Connect in the extension again.');

// Issue #8: account, notices, import.
/**
 * SPEC §5/§8: a nickname that breaks a rule; `details.reason` is the contract's
 * NicknameProblem ('space', 'emoji', 'invisible', 'empty', 'tooLong').
 */
export const NicknameInvalidError = (reason: string) =>
  new AppError(
    400,
    'NICKNAME_INVALID',
    reason === 'tooLong' ? 'A nickname has at most 15 characters.' : reason === 'empty' ? 'Enter a nickname.' : 'No spaces or emojis allowed.',
    { reason },
  );
/**
 * Withdrawal refused: the person is the only owner of spaces that have other members
 * (a space always keeps an owner). `details.workspaces` lists them.
 */
export const OwnsSharedSpacesError = (workspaces: { id: number; name: string }[]) =>
  new AppError(
    409,
    'OWNS_SHARED_SPACES',
    'You are the only owner of a space with other members. Make another member an owner first.',
    { workspaces },
  );
/** An import file that is not a supported format, not the claimed one, or damaged; `details.reason` says which. */
export const ImportFileInvalidError = (reason: string, details: Record<string, unknown> = {}) =>
  new AppError(400, 'IMPORT_FILE_INVALID', 'This file cannot be imported.', { reason, ...details });
/** One import at a time per person (fairness of the job queue). */
export const ImportInProgressError = () =>
  new AppError(409, 'IMPORT_IN_PROGRESS', 'An import is already running. Wait for it to finish.');
/** Issue #22: starting an import that is not a preview, or cancelling one that has ended. */
export const ImportNotPendingError = () =>
  new AppError(409, 'IMPORT_NOT_PENDING', 'This import has already started, ended or been cancelled.');
/** Issue #10: an article that does not exist or is hidden from the public list. */
export const ArticleNotFoundError = () => new AppError(404, 'ARTICLE_NOT_FOUND', 'This article does not exist.');
/** Issue #10: an article with the same canonical URL is already there (`details.id`). */
export const ArticleExistsError = (id: number) =>
  new AppError(409, 'ARTICLE_EXISTS', 'This article has already been added.', { id });
/** Issue #10: adding by URL needs a title when the page cannot be read. */
export const ArticleUnreadableError = (reason: string) =>
  new AppError(422, 'ARTICLE_UNREADABLE', 'This page could not be read. Enter its title to add it anyway.', { reason });
/** Issue #10: an unknown feed subscription. */
export const FeedNotFoundError = () => new AppError(404, 'FEED_NOT_FOUND', 'This feed does not exist.');
/** Issue #10: the feed URL is already subscribed (`details.id`). */
export const FeedExistsError = (id: number) =>
  new AppError(409, 'FEED_EXISTS', 'This feed is already subscribed.', { id });
/** Issue #20: a saved copy's snapshot that is not an HTML document in UTF-8. */
export const UnsupportedSnapshotError = () =>
  new AppError(415, 'UNSUPPORTED_SNAPSHOT', 'The snapshot must be an HTML document in UTF-8.');

/**
 * The database (or another service the request needs) does not answer in time (issue #9):
 * 503 with `Retry-After`, answered at once instead of hanging.
 */
export const ServiceUnavailableError = (message = 'The service is busy or restarting. Please try again in a moment.') =>
  new AppError(503, 'SERVICE_UNAVAILABLE', message);

/**
 * Issue #28 item 3: a search that its own statement limit (SEARCH_STATEMENT_TIMEOUT_MS) stopped:
 * 503 SERVICE_UNAVAILABLE with `Retry-After`, named by `details.reason` 'SEARCH_TOO_COSTLY'
 * and the limit, `details.limitMs`.
 */
export const SearchTooCostlyError = (limitMs: number) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'This search took too long. Use fewer or longer words.', { reason: 'SEARCH_TOO_COSTLY', limitMs });

/**
 * PostgreSQL error codes of a database that cannot serve now: a statement cancelled by its
 * time limit (57014); the server shutting down, crashing or starting (57P01-57P03), a
 * session or transaction ended for idling (57P05, 25P03), too many connections (53300);
 * and the whole class 08, connection exceptions.
 */
const PG_UNAVAILABLE = new Set(['57014', '57P01', '57P02', '57P03', '57P05', '25P03', '53300']);
/** Socket errors of a connection to the database that was refused, reset or cut. */
const SOCKET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/**
 * Messages of node-postgres for a connection or an answer that did not come in time, a
 * connection that dropped ('Connection terminated unexpectedly'), a client used after its
 * connection dropped or closed ('… is not queryable'), and a pool used after it closed
 * for a stop.
 */
const PG_LOST = /timeout exceeded when trying to connect|connection timeout|Query read timeout|Connection terminated|is not queryable|Cannot use a pool after calling end/i;

/**
 * Whether `err` (or an error it wraps, as drizzle does) says the database is unavailable
 * (answered 503 with Retry-After, issues #9 and #18): no connection in time, no answer in
 * time, a statement cancelled by its time limit, the server shutting down, restarting or
 * refusing connections, or the connection lost under the request.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causes(err).some(
    ({ code, message }) =>
      (typeof code === 'string' && (PG_UNAVAILABLE.has(code) || code.startsWith('08') || SOCKET_UNAVAILABLE.has(code))) ||
      (typeof message === 'string' && PG_LOST.test(message)),
  );
}

/** PostgreSQL ending a session: an administrator or a failover (57P01), a crash (57P02), a start (57P03). */
const PG_ENDED = new Set(['57P01', '57P02', '57P03']);

/**
 * Whether `err` (or an error it wraps) says the request's connection to the database was
 * lost or never made — PostgreSQL ended the session, the socket was cut or refused — as
 * opposed to the database answering slowly (a timeout is not a lost connection: running
 * the work again would only wait again). A transaction that met this before its COMMIT was
 * rolled back by PostgreSQL and may run again on another connection (db/locks.ts).
 */
export function isConnectionLost(err: unknown): boolean {
  return causes(err).some(
    ({ code, message }) =>
      (typeof code === 'string' && (PG_ENDED.has(code) || code.startsWith('08') || SOCKET_UNAVAILABLE.has(code))) ||
      (typeof message === 'string' && /Connection terminated|is not queryable/i.test(message)),
  );
}

/** `err` and the errors it wraps (drizzle wraps the driver's), at most 5 deep. */
function causes(err: unknown): { code?: unknown; message?: unknown }[] {
  const out: { code?: unknown; message?: unknown }[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) out.push(e);
  return out;
}

/**
 * A start that cannot go on for a reason the person can fix, with a message saying what to
 * do (configuration, the embedded database's user or password): `npm start` prints the
 * message alone, without a stack trace (issue #18 item 8).
 */
export class StartupError extends Error {}

export const SystemError = () =>
  new AppError(500, 'SYSTEM_ERROR', 'System error. If it happens again, please contact us by e-mail.');
