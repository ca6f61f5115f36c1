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
export const SaucePrivateError = () => new AppError(404, 'SAUCE_PRIVATE', 'This source is private.');
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
export const SystemError = () =>
  new AppError(500, 'SYSTEM_ERROR', 'System error. If it happens again, please contact us by e-mail.');
