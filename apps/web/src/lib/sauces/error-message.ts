import i18n from 'i18next';
import { ApiError } from '../api.ts';

/** Codes whose common `errors.<CODE>` text says more than the caller's fallback. */
const SPECIFIC = new Set([
  'LIMIT_REACHED',
  'INVALID_FORMAT',
  'NOT_AUTHORIZED',
  'VIEWER_CANNOT_UPLOAD',
  'SAUCE_NOT_FOUND',
  'FOLDER_NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'CSRF_FAILED',
  'URL_NOT_ALLOWED',
  'NETWORK',
]);

/**
 * The message for a failed call in the person's language: the common `errors.<CODE>`
 * text when the code is specific (e.g. LIMIT_REACHED), otherwise `fallback`
 * (e.g. 'Failed to save source.').
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && SPECIFIC.has(error.code) && i18n.exists(`common:errors.${error.code}`)) {
    return i18n.t(`common:errors.${error.code}`);
  }
  return fallback;
}
